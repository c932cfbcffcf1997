import { Router } from 'express';
import { COMPANY } from '../../shared/company.ts';
import { type BlogSummary, tagPath } from '../../shared/blog.ts';
import { BLOG_TEXT, SITE_TEXT } from '../../shared/messages.ts';
import type { SettingsReader } from '../settings/settings-service.ts';
import type { BlogService } from './blog-service.ts';
import type { PageCache, RenderedPage } from '../http/page-cache.ts';

/** Public pages besides the posts and tag pages, as listed in docs/product.md#routes. */
const PUBLIC_PATHS = ['/', '/services', '/about', '/contact', '/quote', '/blog', '/privacy'] as const;
/** One sitemap file holds at most 50,000 URLs (sitemaps.org): tag pages get what the pages and posts leave. */
const SITEMAP_MAX_URLS = 50_000;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Characters XML 1.0 forbids even escaped: C0 controls but tab, line feed and carriage return (a vertical tab
 * comes with text pasted from Word), U+FFFE/U+FFFF and lone surrogates. One in a title made the whole feed invalid.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

function xml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * `/rss.xml` (RSS 2.0, the newest public posts), `/blog/tag/{tag}/rss.xml` (the same for one tag,
 * docs/product.md#blog-tags) and `/sitemap.xml` (every public page, post and tag page). All are built and
 * compressed once per content version by the page cache, so crawlers cost one query per change.
 */
export function feedsRouter(
  blog: BlogService,
  settings: SettingsReader,
  cache: PageCache,
  siteUrl: string,
  /** The published pages staff made (server/site-words/), passed in so the blog does not depend on them. */
  otherPages: () => Promise<Array<{ path: string; updatedAt: string }>> = async () => [],
): Router {
  const router = Router();
  const url = (path: string) => new URL(path, siteUrl).href;

  /** An RSS 2.0 document of `posts`; `link` is the page the feed follows, `self` the feed's own address. */
  function rssDocument(channel: { title: string; link: string; self: string }, posts: readonly BlogSummary[]): string {
    const items = posts.map((p) =>
      [
        '<item>',
        `<title>${xml(p.title)}</title>`,
        `<link>${xml(url(`/blog/${p.slug}`))}</link>`,
        `<guid isPermaLink="true">${xml(url(`/blog/${p.slug}`))}</guid>`,
        `<pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>`,
        `<dc:creator>${xml(p.author)}</dc:creator>`,
        ...p.tags.map((t) => `<category>${xml(t)}</category>`),
        `<description>${xml(p.excerpt)}</description>`,
        '</item>',
      ].join(''),
    );
    const built = posts[0]?.updatedAt ?? new Date(0).toISOString();
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '<channel>',
      `<title>${xml(channel.title)}</title>`,
      `<link>${xml(url(channel.link))}</link>`,
      `<atom:link href="${xml(url(channel.self))}" rel="self" type="application/rss+xml"/>`,
      `<description>${xml(COMPANY.tagline)}</description>`,
      '<language>en-AU</language>',
      `<lastBuildDate>${new Date(built).toUTCString()}</lastBuildDate>`,
      ...items,
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
  }

  async function rss(): Promise<string> {
    const [posts, company] = await Promise.all([blog.feedPosts(), settings.current()]);
    return rssDocument({ title: SITE_TEXT.feedTitle(company.name), link: '/blog', self: '/rss.xml' }, posts);
  }

  /** A tag's feed, or null when no public post carries the tag (the route then answers the not-found page). */
  async function tagRss(tag: string): Promise<string | null> {
    const [found, company] = await Promise.all([blog.tagFeedPosts(tag), settings.current()]);
    if (!found) return null;
    const link = tagPath(found.tag);
    return rssDocument({ title: BLOG_TEXT.tagFeedTitle(company.name, found.tag), link, self: `${link}/rss.xml` }, found.posts);
  }

  async function sitemap(): Promise<string> {
    const [posts, pages] = await Promise.all([blog.sitemapPosts(), otherPages()]);
    const tags = await blog.sitemapTags(SITEMAP_MAX_URLS - PUBLIC_PATHS.length - pages.length - posts.length);
    const newest = posts.reduce<string | undefined>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), undefined);
    const entry = (path: string, lastmod?: string) =>
      `<url><loc>${xml(url(path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PATHS.map((path) => entry(path, path === '/blog' ? newest : undefined)),
      ...pages.map((p) => entry(p.path, p.updatedAt)),
      ...posts.map((p) => entry(`/blog/${encodeURIComponent(p.slug)}`, p.updatedAt)),
      ...tags.map((t) => entry(tagPath(t.tag), t.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
  }

  const feed = (type: string, build: () => Promise<string>) => async (): Promise<RenderedPage> => ({
    statusCode: 200,
    headers: [['Content-Type', `${type}; charset=utf-8`]],
    body: await build(),
  });
  router.get('/rss.xml', async (req, res) => void (await cache.serve(req, res, feed('application/rss+xml', rss))));
  // WordPress's and Ghost's feed addresses, which readers and old links still ask for after a move (docs/product.md#import).
  router.get(['/feed', '/rss'], (_req, res) => res.redirect(301, '/rss.xml'));
  router.get('/sitemap.xml', async (req, res) => void (await cache.serve(req, res, feed('application/xml', sitemap))));
  // The tag arrives decoded ("ci/cd" from `ci%2Fcd`); an address not in the canonical form of tagPath is moved there.
  router.get('/blog/tag/:tag/rss.xml', async (req, res, next) => {
    const { tag } = req.params;
    const canonical = `${tagPath(tag)}/rss.xml`;
    const served = await cache.serve(req, res, async () => {
      if (req.path !== canonical) return { statusCode: 301, headers: [['Location', canonical]], body: '' };
      const body = await tagRss(tag);
      return body === null ? null : { statusCode: 200, headers: [['Content-Type', 'application/rss+xml; charset=utf-8']], body };
    });
    if (!served) next();
  });
  return router;
}
