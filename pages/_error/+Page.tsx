import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../components/Seo.tsx';
import { BLOG_TEXT, ERROR_PAGES, ERROR_PAGE_TEXT } from '../../shared/messages.ts';
import { BLOG_SEARCH_MAX } from '../../shared/blog.ts';
import type { ErrorPageData } from './+data.ts';

/** The abort reason a page can give with `throw render(404, { title, message, backHref, backLabel })`. */
export interface NotFoundReason {
  title: string;
  message: string;
  backHref: string;
  backLabel: string;
}

function isNotFoundReason(value: unknown): value is NotFoundReason {
  return typeof value === 'object' && value !== null && 'title' in value && 'message' in value;
}

/** 404 and 500 pages. The 500 page says nothing about what failed: details stay in the server log. */
export default function ErrorPage() {
  const { is404, abortReason } = usePageContext();
  const { latest } = useData<ErrorPageData | undefined>() ?? { latest: [] };
  const reason = isNotFoundReason(abortReason) ? abortReason : undefined;
  const fallback = is404 ? ERROR_PAGES.notFound : ERROR_PAGES.failed;
  const title = reason?.title ?? fallback.title;
  const message = reason?.message ?? fallback.message;
  return (
    <>
      <Seo title={title} description={message} noindex />
      <section className="section error-page">
        <div className="container narrow">
          <p className="eyebrow">{is404 ? ERROR_PAGE_TEXT.eyebrow404 : ERROR_PAGE_TEXT.eyebrow}</p>
          <h1>{title}</h1>
          <p className="lead">{message.toLowerCase() === title.toLowerCase() ? ERROR_PAGE_TEXT.sameAsTitle : message}</p>
          <p className="error-actions">
            <a href={reason?.backHref ?? '/'} className="button button-primary">
              {reason?.backLabel ?? ERROR_PAGE_TEXT.home}
            </a>
            {!reason && (
              <a href="/contact" className="button button-ghost-dark">
                {ERROR_PAGE_TEXT.contact}
              </a>
            )}
          </p>
          {is404 && (
            <form role="search" method="get" action="/blog" className="blog-search error-search">
              <label htmlFor="not-found-q">{BLOG_TEXT.searchLabel}</label>
              <div className="blog-search-row">
                <input id="not-found-q" type="search" name="q" maxLength={BLOG_SEARCH_MAX} autoComplete="off" />
                <button type="submit" className="button button-primary">
                  {BLOG_TEXT.search}
                </button>
              </div>
            </form>
          )}
          {is404 && latest.length > 0 && (
            <nav aria-labelledby="latest-title" className="error-latest">
              <h2 id="latest-title">{ERROR_PAGE_TEXT.latest}</h2>
              <ul>
                {latest.map((post) => (
                  <li key={post.id}>
                    <a href={`/blog/${post.slug}`}>{post.title}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </section>
    </>
  );
}
