import type { BlogSummary } from '../../shared/blog.ts';
import { formatShortDate } from '../../shared/dates.ts';
import { FEATURED_IMAGE_SIZE, PostMeta } from './PostMeta.tsx';

/** One post in the list. The image is decorative here: the title beside it names the post. */
export function PostCard({ post, timeZone, headingRef }: { post: BlogSummary; timeZone: string; headingRef?: (el: HTMLAnchorElement | null) => void }) {
  return (
    <article className="card post-card">
      {post.featuredImage && (
        <img className="post-card-image" src={post.featuredImage} alt="" {...FEATURED_IMAGE_SIZE} loading="lazy" decoding="async" />
      )}
      <div className="post-card-body">
        <h2 className="card-title post-card-title">
          <a href={`/blog/${post.slug}`} className="stretched-link" ref={headingRef}>
            {post.title}
          </a>
        </h2>
        <p className="post-excerpt">{post.excerpt}</p>
        <PostMeta post={post} date={formatShortDate(post.publishedAt, timeZone)} />
      </div>
    </article>
  );
}
