import { Router } from 'express';
import { COMPANY } from '../../shared/company.ts';
import { SITE_TEXT } from '../../shared/messages.ts';
import type { SettingsReader } from '../settings/settings-service.ts';
import type { BlogService } from './blog-service.ts';
import type { PageCache, RenderedPage } from '../http/page-cache.ts';

/** Public pages besides the posts, as listed in docs/product.md#routes. */
const PUBLIC_PATHS = ['/', '/services', '/about', '/contact', '/quote', '/blog', '/privacy'] as const;

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
 * `/rss.xml` (RSS 2.0, the newest public posts) and `/sitemap.xml` (every public page and post). Both are
 * built and compressed once per content version by the page cache, so crawlers cost one query per change.
 */
export function feedsRouter(blog: BlogService, settings: SettingsReader, cache: PageCache, siteUrl: string): Router {
  const router = Router();
  const url = (path: string) => new URL(path, siteUrl).href;

  async function rss(): Promise<string> {
    const [posts, company] = await Promise.all([blog.feedPosts(), settings.current()]);
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
      `<title>${xml(SITE_TEXT.feedTitle(company.name))}</title>`,
      `<link>${xml(url('/blog'))}</link>`,
      `<atom:link href="${xml(url('/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
      `<description>${xml(COMPANY.tagline)}</description>`,
      '<language>en-AU</language>',
      `<lastBuildDate>${new Date(built).toUTCString()}</lastBuildDate>`,
      ...items,
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
  }

  async function sitemap(): Promise<string> {
    const posts = await blog.sitemapPosts();
    const newest = posts.reduce<string | undefined>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), undefined);
    const entry = (path: string, lastmod?: string) =>
      `<url><loc>${xml(url(path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PATHS.map((path) => entry(path, path === '/blog' ? newest : undefined)),
      ...posts.map((p) => entry(`/blog/${encodeURIComponent(p.slug)}`, p.updatedAt)),
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
  router.get('/sitemap.xml', async (req, res) => void (await cache.serve(req, res, feed('application/xml', sitemap))));
  return router;
}
