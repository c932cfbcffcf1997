import { BLOG_PAGE_SIZE, type BlogSummary } from '../../../shared/blog.ts';
import { BLOG_TEXT } from '../../../shared/messages.ts';
import { PostCard } from './PostCard.tsx';

/** The first post of page N carries an id, so a Load More link (`…?page=N#page-N`) lands on the new posts. */
export const pageAnchor = (pageNumber: number) => `page-${pageNumber}`;

/** A paged list's address showing its first `pages` pages: `path`, then `?page=N` from the second page on. */
export function pagesHref(path: string, pages: number): string {
  return pages > 1 ? `${path}?page=${pages}` : path;
}

/**
 * Cards of a paged list, newest first. With `anchored`, the first card of each page after the first carries
 * that page's anchor (a search result list has no pages).
 */
export function PostList({
  posts,
  timeZone,
  label,
  anchored = true,
  headingRef,
}: {
  posts: readonly BlogSummary[];
  timeZone: string;
  label: string;
  anchored?: boolean;
  headingRef?: (index: number, el: HTMLAnchorElement | null) => void;
}) {
  return (
    <ul className="post-list post-list-featured" aria-label={label}>
      {posts.map((post, i) => (
        <li key={post.id} id={anchored && i > 0 && i % BLOG_PAGE_SIZE === 0 ? pageAnchor(i / BLOG_PAGE_SIZE + 1) : undefined}>
          <PostCard post={post} timeZone={timeZone} first={i === 0} headingRef={headingRef && ((el) => headingRef(i, el))} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Load More as plain HTML: a link to the list's first `pages + 1` pages, landing on the first new post. It works
 * without JavaScript and can be crawled; a hydrated list may swap it for a button.
 */
export function LoadMoreLink({ path, pages }: { path: string; pages: number }) {
  return (
    <a className="button button-ghost-dark" href={`${pagesHref(path, pages + 1)}#${pageAnchor(pages + 1)}`} rel="next">
      {BLOG_TEXT.loadMore}
    </a>
  );
}
