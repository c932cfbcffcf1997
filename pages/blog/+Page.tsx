import { type FormEvent, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../components/Seo.tsx';
import type { BlogListPage, BlogSummary } from '../../shared/blog.ts';
import { COMPANY } from '../../shared/company.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { breadcrumbLd } from '../../shared/structured-data.ts';
import type { BlogListData } from './+data.ts';
import { PostCard } from './PostCard.tsx';

function listHref(params: { q?: string; after?: string | null }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.after) search.set('after', params.after);
  const query = search.toString();
  return query ? `/blog?${query}` : '/blog';
}

const noSubscription = () => () => {};

async function fetchPage(q: string, cursor: string | null): Promise<BlogListPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const res = await fetch(`/api/blog/posts?${params}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/blog/posts answered ${res.status}`);
  return (await res.json()) as BlogListPage;
}

/**
 * The blog list. Served as HTML with plain links (`?q=` search form, `?after=` next page) that work without
 * JavaScript and can be crawled; once hydrated, search and Load More fetch JSON and update the list in place.
 */
export default function BlogPage() {
  const data = useData<BlogListData>();
  const { siteUrl, timeZone } = usePageContext();
  const [posts, setPosts] = useState<BlogSummary[]>(data.page.posts);
  const [nextCursor, setNextCursor] = useState(data.page.nextCursor);
  const [query, setQuery] = useState(data.q);
  const [shownQuery, setShownQuery] = useState(data.q);
  const [status, setStatus] = useState('');
  const [isBusy, setBusy] = useState(false);
  // False while the server renders and during hydration, then true: the links become buttons.
  const isHydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const focusIndex = useRef<number | null>(null);
  const headingLinks = useRef<Array<HTMLAnchorElement | null>>([]);

  // Layout effect: focus moves in the same frame the new posts appear (see QuoteWizard).
  useLayoutEffect(() => {
    if (focusIndex.current === null) return;
    headingLinks.current[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [posts]);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    setBusy(true);
    try {
      const page = await fetchPage(q, null);
      setPosts(page.posts);
      setNextCursor(page.nextCursor);
      setShownQuery(q);
      setStatus(page.posts.length ? (q ? `Showing posts matching “${q}”.` : 'Showing the newest posts.') : MESSAGES.blogListEmpty);
      window.history.replaceState(null, '', listHref({ q }));
    } catch (err) {
      console.error(err);
    } finally {
      setBusy(false);
    }
  }

  async function loadMore() {
    if (!nextCursor) return;
    setBusy(true);
    try {
      const page = await fetchPage(shownQuery, nextCursor);
      focusIndex.current = page.posts.length ? posts.length : null;
      setPosts([...posts, ...page.posts]);
      setNextCursor(page.nextCursor);
      setStatus(`${page.posts.length} more ${page.posts.length === 1 ? 'post' : 'posts'} loaded.`);
    } catch (err) {
      console.error(err);
    } finally {
      setBusy(false);
    }
  }

  const isSearch = shownQuery !== '';
  return (
    <>
      <Seo
        title={data.q ? `Search results for “${data.q}”` : data.after ? 'Blog: older posts' : 'Blog'}
        description={`Practical articles on networks, security, hosting and IT projects from the ${COMPANY.name} team.`}
        path={data.after && !data.q ? listHref({ after: data.after }) : '/blog'}
        noindex={data.q !== ''}
        jsonLd={breadcrumbLd(siteUrl, [
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
        ])}
      />
      <section className="page-hero">
        <div className="container">
          <h1>Blog</h1>
          <p className="lead">Plain-English advice on infrastructure, security and the web, from our engineers.</p>
        </div>
      </section>
      <section className="section">
        <div className="container blog-layout">
          <form role="search" method="get" action="/blog" className="blog-search" onSubmit={search}>
            <label htmlFor="blog-search-q">Search the blog</label>
            <div className="blog-search-row">
              <input
                id="blog-search-q"
                type="search"
                name="q"
                value={query}
                maxLength={100}
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
              />
              <button type="submit" className="button button-primary" disabled={isBusy}>
                Search
              </button>
            </div>
          </form>
          <div role="status" className="visually-hidden">
            {status}
          </div>
          {isSearch && (
            <p className="blog-search-summary">
              Showing posts matching “{shownQuery}”. <a href="/blog">Clear search</a>
            </p>
          )}
          {posts.length === 0 && <p className="blog-empty">{MESSAGES.blogListEmpty}</p>}
          {posts.length > 0 && (
            <ul className="post-list" aria-label={isSearch ? 'Search results' : 'Posts'}>
              {posts.map((post, i) => (
                <li key={post.id}>
                  <PostCard post={post} timeZone={timeZone} first={i === 0} headingRef={(el) => {
                      headingLinks.current[i] = el;
                    }} />
                </li>
              ))}
            </ul>
          )}
          <div className="blog-more">
            {nextCursor &&
              (isHydrated ? (
                <button type="button" className="button button-ghost-dark" onClick={loadMore} disabled={isBusy}>
                  Load More
                </button>
              ) : (
                <a className="button button-ghost-dark" href={listHref({ q: shownQuery, after: nextCursor })} rel="next">
                  Load More
                </a>
              ))}
            {data.after && !isHydrated && (
              <a className="button button-ghost" href={listHref({ q: data.q })}>
                Back to the newest posts
              </a>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
