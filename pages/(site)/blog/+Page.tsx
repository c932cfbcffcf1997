import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageHero } from '../../../components/PageHero.tsx';
import { requestJson } from '../../../components/request.ts';
import { Seo } from '../../../components/Seo.tsx';
import { useIsHydrated } from '../../../components/use-is-hydrated.ts';
import type { BlogListPage, BlogSummary } from '../../../shared/blog.ts';
import { BLOG_TEXT, MESSAGES, SITE_TEXT } from '../../../shared/messages.ts';
import type { BlogListData } from './+data.ts';
import { LoadMoreLink, PostList, pagesHref } from './PostList.tsx';

/** How long typing pauses before the search runs: one request per word or so, not per key. */
const SEARCH_DELAY_MS = 250;

function listHref(params: { q?: string; pages?: number }): string {
  return params.q ? `/blog?${new URLSearchParams({ q: params.q })}` : pagesHref('/blog', params.pages ?? 1);
}

function fetchPage(q: string, cursor: string | null, signal?: AbortSignal): Promise<BlogListPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return requestJson<BlogListPage>('GET', `/api/blog/posts?${params}`, { signal });
}

function resultsText(count: number, q: string): string {
  if (count === 0) return MESSAGES.blogListEmpty;
  return q ? BLOG_TEXT.matches(count, q) : BLOG_TEXT.newest;
}

/**
 * The blog list. Served as HTML with plain links (`?q=` search form, `?page=` for more) that work without
 * JavaScript and can be crawled. Once hydrated, the list filters as the visitor types (a server-side search over
 * every post, debounced, the query kept in the URL) and Load More appends posts in place, keeping `?page=` in the
 * URL so that Back from a post returns to the same list, at the same place.
 */
export default function BlogPage() {
  const data = useData<BlogListData>();
  const { timeZone, settings } = usePageContext();
  const [posts, setPosts] = useState<BlogSummary[]>(data.page.posts);
  const [nextCursor, setNextCursor] = useState(data.page.nextCursor);
  const [pages, setPages] = useState(data.pages);
  const [query, setQuery] = useState(data.q);
  const [shownQuery, setShownQuery] = useState(data.q);
  const [status, setStatus] = useState('');
  const [isLoadingMore, setLoadingMore] = useState(false);
  // Load More is a link until hydrated, then a button.
  const isHydrated = useIsHydrated();
  const focusIndex = useRef<number | null>(null);
  const headingLinks = useRef<Array<HTMLAnchorElement | null>>([]);
  const pendingSearch = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});

  // Layout effect: focus moves in the same frame the new posts appear.
  useLayoutEffect(() => {
    if (focusIndex.current === null) return;
    headingLinks.current[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [posts]);

  useEffect(() => {
    const pending = pendingSearch.current;
    return () => {
      clearTimeout(pending.timer);
      pending.request?.abort();
    };
  }, []);

  /** Runs the search for `text`; an answer to an older search than the latest is dropped, never shown. */
  async function runSearch(text: string) {
    const q = text.trim();
    const pending = pendingSearch.current;
    clearTimeout(pending.timer);
    pending.request?.abort();
    const request = new AbortController();
    pending.request = request;
    try {
      const page = await fetchPage(q, null, request.signal);
      if (pending.request !== request) return;
      setPosts(page.posts);
      setNextCursor(page.nextCursor);
      setPages(1);
      setShownQuery(q);
      setStatus(resultsText(page.posts.length, q));
      window.history.replaceState(null, '', listHref({ q }));
    } catch (err) {
      if (!request.signal.aborted) console.error(err);
    }
  }

  function onType(text: string) {
    setQuery(text);
    const pending = pendingSearch.current;
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => void runSearch(text), SEARCH_DELAY_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void runSearch(query);
  }

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage('', nextCursor);
      focusIndex.current = page.posts.length ? posts.length : null;
      setPosts([...posts, ...page.posts]);
      setNextCursor(page.nextCursor);
      setPages(pages + 1);
      setStatus(BLOG_TEXT.loaded(page.posts.length));
      window.history.replaceState(null, '', listHref({ pages: pages + 1 }));
    } catch (err) {
      console.error(err);
    } finally {
      setLoadingMore(false);
    }
  }

  const isSearch = shownQuery !== '';
  // docs/product.md#blog-list: no Load More while there is search text (typed, even before its results arrive).
  const canLoadMore = nextCursor !== null && !isSearch && query.trim() === '';
  return (
    <>
      <Seo
        title={data.q ? BLOG_TEXT.searchTitle(data.q) : data.pages > 1 ? BLOG_TEXT.olderTitle : BLOG_TEXT.title}
        description={BLOG_TEXT.description(settings.name)}
        path={data.pages > 1 && !data.q ? listHref({ pages: data.pages }) : '/blog'}
        noindex={data.q !== ''}
        breadcrumb={[{ name: SITE_TEXT.nav.blog, path: '/blog' }]}
      />
      <PageHero title={BLOG_TEXT.title} lead={BLOG_TEXT.lead} />
      <section className="section">
        <div className="container blog-layout">
          <form role="search" method="get" action="/blog" className="blog-search" onSubmit={onSubmit}>
            <label htmlFor="blog-search-q">{BLOG_TEXT.searchLabel}</label>
            <div className="blog-search-row">
              <input
                id="blog-search-q"
                type="search"
                name="q"
                value={query}
                maxLength={100}
                onChange={(e) => onType(e.target.value)}
                autoComplete="off"
                aria-describedby="blog-search-results"
              />
              <button type="submit" className="button button-primary">
                {BLOG_TEXT.search}
              </button>
            </div>
          </form>
          <div role="status" id="blog-search-results" className="visually-hidden">
            {status}
          </div>
          {isSearch && (
            <p className="blog-search-summary">
              {BLOG_TEXT.showingMatches(shownQuery)} <a href="/blog">{BLOG_TEXT.clearSearch}</a>
            </p>
          )}
          {posts.length === 0 && <p className="blog-empty">{MESSAGES.blogListEmpty}</p>}
          {posts.length > 0 && (
            <PostList
              posts={posts}
              timeZone={timeZone}
              label={isSearch ? BLOG_TEXT.resultsList : BLOG_TEXT.postsList}
              anchored={!isSearch}
              headingRef={(i, el) => {
                headingLinks.current[i] = el;
              }}
            />
          )}
          {canLoadMore && (
            <div className="blog-more">
              {isHydrated ? (
                <button type="button" className="button button-ghost-dark" onClick={loadMore} disabled={isLoadingMore}>
                  {BLOG_TEXT.loadMore}
                </button>
              ) : (
                <LoadMoreLink path="/blog" pages={pages} />
              )}
            </div>
          )}
          <p className="feed-link">
            <a href="/rss.xml">{BLOG_TEXT.blogFeed}</a>
          </p>
        </div>
      </section>
    </>
  );
}
