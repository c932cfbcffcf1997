import { randomUUID } from 'node:crypto';
import { readTimeMinutes } from '../../shared/read-time.ts';
import { slugify } from '../../shared/slug.ts';
import type { Db } from '../database.ts';
import { DEMO_POSTS } from './demo-posts.ts';

/** Fills an empty blog with the demo posts, so a fresh install shows a living site. Returns how many it added. */
export async function seedDemoContent(db: Db): Promise<number> {
  const existing = await db.selectFrom('blogs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  await db
    .insertInto('blogs')
    .values(
      DEMO_POSTS.map((post) => ({
        id: randomUUID(),
        slug: slugify(post.title),
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        author: post.author,
        tags: JSON.stringify(post.tags),
        featured_image: post.featuredImage,
        published: 1,
        published_at: post.publishedAt,
        created_at: post.publishedAt,
        updated_at: post.publishedAt,
        read_time: readTimeMinutes(post.content),
      })),
    )
    .execute();
  return DEMO_POSTS.length;
}
