import { Router } from 'express';
import { COMPANY } from '../../shared/company.ts';
import type { BlogService } from '../services/blog.ts';
import { PUBLIC_CACHE_CONTROL, type PageCache } from '../services/page-cache.ts';

/** Public pages besides the posts, as listed in SPEC.md §2. */
const PUBLIC_PATHS = ['/', '/services', '/about', '/contact', '/quote', '/blog', '/privacy'] as const;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * `/rss.xml` (RSS 2.0, the newest public posts) and `/sitemap.xml` (every public page and post). Both are
 * built once per content version by the page cache, so crawlers cost one query per change.
 */
export function feedsRouter(blog: BlogService, cache: PageCache, siteUrl: string): Router {
  const router = Router();
  const url = (path: string) => new URL(path, siteUrl).href;

  async function rss(): Promise<string> {
    const posts = await blog.feedPosts();
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
      `<title>${xml(`${COMPANY.name} blog`)}</title>`,
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

  router.get('/rss.xml', async (_req, res) => {
    const body = await cache.remember('/rss.xml', rss);
    res.type('application/rss+xml').setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.send(body);
  });
  router.get('/sitemap.xml', async (_req, res) => {
    const body = await cache.remember('/sitemap.xml', sitemap);
    res.type('application/xml').setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.send(body);
  });
  return router;
}
