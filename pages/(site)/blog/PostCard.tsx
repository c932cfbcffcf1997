import type { BlogSummary } from '../../../shared/blog.ts';
import { formatShortDate } from '../../../shared/dates.ts';
import { responsiveImage } from '../../../shared/images.ts';
import { FEATURED_IMAGE_SIZE, PostMeta } from './PostMeta.tsx';

/** Posts without their own image show the site's branded artwork (the same as its default sharing image). */
export const FALLBACK_POST_IMAGE = '/images/og-default.svg';

/**
 * One post in the list. The image has its alt text; one without (the default artwork, a post from before alt text,
 * a decorative image) is decorative here: the title beside it names the post. The first card's
 * image is the page's largest paint on a phone, so it loads at once (`first`); the others wait until scrolled to.
 */
export function PostCard({
  post,
  timeZone,
  first = false,
  headingRef,
  headingLevel = 2,
}: {
  post: BlogSummary;
  timeZone: string;
  first?: boolean;
  headingRef?: (el: HTMLAnchorElement | null) => void;
  /** 3 where the cards sit under a section heading of their own (related posts). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className="card post-card">
      <img
        className="post-card-image"
        {...responsiveImage(post.featuredImage ?? FALLBACK_POST_IMAGE, 'card')}
        alt={post.featuredImageAlt ?? ''}
        {...FEATURED_IMAGE_SIZE}
        loading={first ? undefined : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding="async"
      />
      <div className="post-card-body">
        <Heading className="card-title post-card-title">
          <a href={`/blog/${post.slug}`} className="stretched-link" ref={headingRef}>
            {post.title}
          </a>
        </Heading>
        <p className="post-excerpt">{post.excerpt}</p>
        <PostMeta post={post} date={formatShortDate(post.publishedAt, timeZone)} />
      </div>
    </article>
  );
}
