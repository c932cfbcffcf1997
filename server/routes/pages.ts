import type { RequestHandler } from 'express';
import type { PageServices, SessionUser } from '../../shared/page-context.ts';
import type { Config } from '../config.ts';
import type { PageRenderer } from '../render.ts';
import type { PageCache, RenderedPage } from '../services/page-cache.ts';

/**
 * The catch-all: every GET that no other route took is a Vike page (or its 404). Pages the cache handles
 * (public blog pages for signed-out visitors) are rendered once and served from memory.
 */
export function pageHandler(renderer: PageRenderer, config: Config, services: PageServices, cache?: PageCache): RequestHandler {
  return async (req, res, next) => {
    const render = async (): Promise<RenderedPage | null> => {
      const pageContext = await renderer.render({
        urlOriginal: req.originalUrl,
        headersOriginal: req.headers,
        user: (req as { user?: SessionUser }).user ?? null,
        csrfToken: (res.locals.csrfToken as string | undefined) ?? null,
        cspNonce: res.locals.cspNonce as string,
        siteUrl: config.SITE_URL,
        timeZone: config.TIME_ZONE,
        services,
      });
      if (pageContext.errorWhileRendering) req.log.error({ err: pageContext.errorWhileRendering }, 'page render failed');
      const { httpResponse } = pageContext;
      if (!httpResponse) return null;
      // Vike's own CSP header would replace helmet's full policy.
      const headers = httpResponse.headers.filter(([name]) => name.toLowerCase() !== 'content-security-policy');
      return { statusCode: httpResponse.statusCode, headers, body: httpResponse.body };
    };
    if (cache?.handles(req)) return (await cache.serve(req, res, render)) ? undefined : next();
    const page = await render();
    if (!page) return next();
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.status(page.statusCode).send(page.body);
  };
}
