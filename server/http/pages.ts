import type { Request, RequestHandler, Response } from 'express';
import { API_MESSAGES } from '../../shared/messages.ts';
import type { PageServices, PageContextInit } from '../../shared/page-context.ts';
import type { SessionUser } from '../../shared/staff.ts';
import { defaultSiteWords, navigationOf, serviceLabels } from '../../shared/site-words.ts';
import type { Config } from '../core/config.ts';
import type { ContentSecurityPolicy } from './security-headers.ts';
import type { PageRenderer } from './render.ts';
import type { PageCache, RenderedPage } from './page-cache.ts';
import { PRIVATE_CACHE_CONTROL } from './stored-page.ts';
import { wordsSharingCards } from '../sharing/page-cards.ts';

const OWN_HEADERS = new Set(['content-security-policy', 'cache-control']);

export interface PageRoutes {
  /** The catch-all: every GET that no other route took is a Vike page (or its 404). */
  handler: RequestHandler;
  /** A page as a visitor without a session sees it; it depends on the URL alone, so it can be stored. */
  renderPublic(url: string, log?: Request['log']): Promise<RenderedPage | null>;
}

/**
 * Pages for visitors without a session come from the page cache (rendered once per content version); signed-in
 * staff get a fresh render every time, never stored and never shared.
 */
/** Vite's own dev-server paths: Vike refuses to render them, and a production server has nothing there. */
const VITE_PATHS = /^\/(?:@vite|@fs|@id|@react-refresh|__vite)(?:[/_?-]|$)/;

export function pageRoutes(
  renderer: PageRenderer,
  config: Config,
  services: PageServices,
  csp: ContentSecurityPolicy,
  cache: PageCache,
): PageRoutes {
  async function render(
    init: Pick<PageContextInit, 'urlOriginal' | 'headersOriginal' | 'user' | 'csrfToken'>,
    log?: Request['log'],
  ): Promise<RenderedPage | null> {
    // Settings are read for each render: a stored page is rendered once per content version, which a save bumps.
    const settings = await services.settings.current();
    // The pages' words likewise: a publish bumps the same content version. Unreadable, the default words stand in,
    // so a page still gives its own answer (a post's 503 with the database down), and the page is never stored.
    let wordsRead = true;
    const words = await services.words.current(settings.name).catch((err: unknown) => {
      log?.warn({ err }, 'the pages’ words unreadable; this page shows the default words and is not stored');
      wordsRead = false;
      return defaultSiteWords(settings.name);
    });
    const pageContext = await renderer.render({
      ...init,
      siteUrl: config.SITE_URL,
      timeZone: config.TIME_ZONE,
      settings,
      words,
      serviceLabels: serviceLabels(words),
      navigation: navigationOf(words),
      sharingCards: wordsSharingCards(words, settings.name),
      services,
    });
    const { httpResponse } = pageContext;
    // A page's `throw render(404)` or `redirect()` also arrives as errorWhileRendering: only a 5xx is an error.
    if (pageContext.errorWhileRendering && (!httpResponse || httpResponse.statusCode >= 500)) {
      log?.error({ err: pageContext.errorWhileRendering }, 'page render failed');
    }
    if (!httpResponse) return null;
    // The admin guard's refusal (pages/admin/+guard.ts) names the capability the person's role lacks.
    if (httpResponse.statusCode === 403 && init.user) {
      const { capability } = (pageContext.abortReason ?? {}) as { capability?: string };
      log?.warn({ userId: init.user.id, role: init.user.role, capability }, 'admin page refused');
    }
    const { body } = httpResponse;
    // The policy names the hashes of this page's own inline scripts and styles (security.ts); caching is ours to say.
    const headers = httpResponse.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));
    headers.push(['Content-Security-Policy', csp.forPage(body)]);
    return { statusCode: httpResponse.statusCode, headers, body, storable: wordsRead };
  }

  // No request headers, no user: what a stored page shows must not depend on whoever asked first.
  const renderPublic = (url: string, log?: Request['log']) =>
    render({ urlOriginal: url, headersOriginal: {}, user: null, csrfToken: null }, log);

  /** Pages that are never stored: everything staff see, and the admin pages (sign-in) for anyone. */
  async function renderFresh(req: Request, res: Response): Promise<RenderedPage | null> {
    const page = await render(
      {
        urlOriginal: req.originalUrl,
        headersOriginal: req.headers,
        user: (req as { user?: SessionUser }).user ?? null,
        csrfToken: (res.locals.csrfToken as string | undefined) ?? null,
      },
      req.log,
    );
    page?.headers.push(['Cache-Control', PRIVATE_CACHE_CONTROL]);
    return page;
  }

  return {
    renderPublic,
    handler: async (req, res, next) => {
      if (VITE_PATHS.test(req.path)) {
        res.status(404).type('text/plain').send(API_MESSAGES.assetNotFound);
        return;
      }
      if (cache.handles(req)) {
        const served = await cache.serve(req, res, (url) => renderPublic(url, req.log));
        return served ? undefined : next();
      }
      const page = await renderFresh(req, res);
      if (!page) return next();
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.status(page.statusCode).send(page.body);
    },
  };
}
