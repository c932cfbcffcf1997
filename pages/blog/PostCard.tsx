import type { BlogSummary } from '../../shared/blog.ts';
import { formatShortDate } from '../../shared/dates.ts';
import { FEATURED_IMAGE_SIZE, PostMeta } from './PostMeta.tsx';

/**
 * One post in the list. The image is decorative here: the title beside it names the post. The first card's
 * image is the page's largest paint on a phone, so it loads at once (`first`); the others wait until scrolled to.
 */
export function PostCard({ post, timeZone, first = false, headingRef }: { post: BlogSummary; timeZone: string; first?: boolean; headingRef?: (el: HTMLAnchorElement | null) => void }) {
  return (
    <article className="card post-card">
      {post.featuredImage && (
        <img className="post-card-image" src={post.featuredImage} alt="" {...FEATURED_IMAGE_SIZE}
          loading={first ? undefined : 'lazy'} fetchPriority={first ? 'high' : undefined} decoding="async" />
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
