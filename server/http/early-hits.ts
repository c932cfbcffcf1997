import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../core/logger.ts';
import type { Metrics } from './metrics.ts';
import type { PageCache } from './page-cache.ts';
import { logWhenFinished } from './request-log.ts';
import { pathOf } from '../core/url-path.ts';
import { type StoredHead, type StoredPage, storedHeads, writeStoredPage } from './stored-page.ts';
import { type RedirectTable, writeRedirect } from './redirect-table.ts';

export interface EarlyHitsOptions {
  /** Redirects staff manage, answered before any stored page (docs/product.md#redirects). */
  redirects: Pick<RedirectTable, 'lookup'>;
  pageCache: PageCache;
  /** The security headers every response carries (security-headers.ts), in the order the middleware sets them. */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  logger: Logger;
  metrics: Metrics | null;
  /**
   * Paths the routes mounted before the page cache answer (health, metrics, robots: app.ts, `BEFORE_PAGES`): never
   * answered here, even when a page is stored under them (`/metrics` without its token falls through to a stored 404).
   */
  answeredBefore: (path: string) => boolean;
}

/**
 * Answers a redirect (server/http/redirect-table.ts) or a stored page before Express sees the request. While
 * the redirects are not known current neither is answered here: a stored page must not hide a new redirect.
 *
 * A stored page is answered when it can: a GET or HEAD of a stored page by a
 * visitor without a session, while the cache is known to be current (page-cache.ts, `lookup`). Everything else,
 * and a hit the cache cannot vouch for yet, goes through the middleware chain, whose `sendStored` answers the same.
 *
 * The answer is what the chain would send, byte for byte but the Date and the request id: the request id, the
 * security headers, the page's own headers (CSP with its hashes, Cache-Control, Vary, Last-Modified), the
 * variant's Content-Encoding, Content-Length and ETag, a 304 to a matching validator, no body to HEAD
 * (tests/integration/early-hits.test.ts compares the two). What the chain does per request and a stored page does
 * not need is left out: Express's router and prototype swaps, request context, helmet, cookies, compression. The
 * head is one list built once per page and encoding and handed to `writeHead`, whose first value (the id) is
 * written just before: nothing else is allocated for it per request. The request line is logged and the request
 * timed only when those are on (LOG_LEVEL info, METRICS_TOKEN).
 */
export function earlyHits(options: EarlyHitsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { redirects, pageCache, logger, metrics, answeredBefore } = options;
  const heads = storedHeads([['X-Request-Id', ''], ...options.securityHeaders]);
  const routes = new WeakMap<StoredPage, string>();
  /** The request being answered's id, written into its (reused) head just before it is sent. */
  let id = '';
  const headOf: StoredHead = (page, encoding, status304) => {
    const head = heads(page, encoding, status304);
    head[1] = id;
    return head;
  };

  /** The route the metrics give a stored page (metrics.ts, `routeOf`): a page, a 404, or a feed. */
  function routeOf(page: StoredPage): string {
    let route = routes.get(page);
    if (!route) {
      const type = page.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
      route = type.startsWith('text/html') ? 'page' : page.statusCode === 404 ? 'not-found' : 'static';
      routes.set(page, route);
    }
    return route;
  }

  return (req, res) => {
    if (answeredBefore(pathOf(req.url ?? ''))) return false;
    const redirect = redirects.lookup(req);
    if (redirect === undefined) return false;
    if (redirect) {
      id = randomUUID();
      logWhenFinished(logger, id, req, res);
      metrics?.timeAnswer(req, res, 'redirect');
      writeRedirect(res, redirect, req.url ?? '/', [['X-Request-Id', id], ...options.securityHeaders]);
      return true;
    }
    const page = pageCache.lookup(req);
    if (!page) return false;
    id = randomUUID();
    logWhenFinished(logger, id, req, res);
    metrics?.timeAnswer(req, res, routeOf(page));
    writeStoredPage(req, res, page, headOf);
    return true;
  };
}
