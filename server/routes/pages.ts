import type { RequestHandler } from 'express';
import type { PageServices, SessionUser } from '../../shared/page-context.ts';
import type { Config } from '../config.ts';
import type { PageRenderer } from '../render.ts';

/** The catch-all: every GET that no other route took is a Vike page (or its 404). */
export function pageHandler(renderer: PageRenderer, config: Config, services: PageServices): RequestHandler {
  return async (req, res, next) => {
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
    if (!httpResponse) return next();
    for (const [name, value] of httpResponse.headers) {
      // Vike's own CSP header would replace helmet's full policy.
      if (name.toLowerCase() !== 'content-security-policy') res.setHeader(name, value);
    }
    res.status(httpResponse.statusCode).send(httpResponse.body);
  };
}
