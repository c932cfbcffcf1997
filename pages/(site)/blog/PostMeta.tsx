import { type BlogSummary, tagPath } from '../../../shared/blog.ts';
import { BLOG_TEXT } from '../../../shared/messages.ts';

/**
 * Author, date, read time and tags of a post; `date` is already formatted in the company's time zone. Each tag
 * links to its page (docs/product.md#blog-tags).
 */
export function PostMeta({ post, date }: { post: BlogSummary; date: string }) {
  return (
    <div className="post-meta">
      <p className="post-byline">
        <span>{post.author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={post.publishedAt}>{date}</time>
        <span aria-hidden="true"> · </span>
        <span>{BLOG_TEXT.readTime(post.readTime)}</span>
      </p>
      {post.tags.length > 0 && (
        <ul className="post-tags" aria-label={BLOG_TEXT.tags}>
          {post.tags.map((tag) => (
            <li key={tag} className="post-tag">
              <a href={tagPath(tag)}>{tag}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Featured images are drawn at 1200×630 (the Open Graph size); width and height reserve their space. */
export const FEATURED_IMAGE_SIZE = { width: 1200, height: 630 } as const;
