import { createBlogService } from './blog-service.ts';
import type { Db } from '../../db/database.ts';
import { DEMO_POSTS } from './demo-posts.ts';

/**
 * Fills an empty blog with the demo posts, so a fresh install shows a living site. They go through the blog
 * service, so slugs, sanitising and read times follow the same rules as posts written in the editor.
 * Returns how many it added.
 */
export async function seedDemoContent(db: Db): Promise<number> {
  const blog = createBlogService({ db });
  const { published, drafts, scheduled } = await blog.countPosts();
  if (published + drafts + scheduled > 0) return 0;
  for (const post of DEMO_POSTS) {
    await blog.createPost({
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      author: post.author,
      tags: post.tags.join(', '),
      featuredImage: post.featuredImage,
      // The demo artwork is abstract (a pattern in the site's colours): it tells nothing the title does not.
      featuredImageDecorative: true,
      published: true,
      publishedAt: post.publishedAt,
    });
  }
  return DEMO_POSTS.length;
}
