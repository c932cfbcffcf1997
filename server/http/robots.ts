import type { RequestHandler } from 'express';

/** robots.txt: everything public may be crawled, the admin may not; points crawlers at the sitemap. */
export function robotsTxt(siteUrl: string): RequestHandler {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`, ''].join('\n');
  return (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(body);
  };
}
