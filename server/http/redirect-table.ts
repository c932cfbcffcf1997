import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Db } from '../../db/database.ts';
import { readContentVersion } from '../../db/queries/blogs.ts';
import { REDIRECTS_AREA, type RedirectRoute, addRedirectHits, loadRedirectRoutes } from '../../db/queries/redirects.ts';
import { normaliseRedirectPath, redirectLocation } from '../../shared/redirects.ts';
import type { Logger } from '../core/logger.ts';

export interface RedirectTableOptions {
  db: Db;
  logger: Logger;
  /** How often the redirects' version is read; a change made on another instance is answered after this. */
  checkEveryMs?: number;
  /** How long counted hits wait in memory before they are written (one batch for all of them). */
  flushAfterMs?: number;
  clock?: () => number;
}

/**
 * The redirects this instance answers (docs/product.md#redirects), held in memory so a redirect costs what a
 * cached page costs: a map lookup by the request's normalised address (shared/redirects.ts).
 *
 * Every instance reads the redirects' content version (bumped in each write's transaction) at most once per
 * `checkEveryMs`, on a request, and reloads the table when it moved; until that read is done the table is not
 * current, and then the early path answers nothing (neither a redirect nor a stored page: a stored page must not hide a
 * new redirect) and the chain's middleware waits for the read. The instance that wrote calls `changed()`.
 */
export interface RedirectTable {
  /**
   * For the early path: the redirect for this GET or HEAD (its hit counted), null for none, or undefined while the
   * table is not known current (a read is started; the chain's middleware answers this request).
   */
  lookup(req: IncomingMessage): RedirectRoute | null | undefined;
  /** For the middleware chain: reads the version when due, then answers a redirect or passes on. */
  middleware: RequestHandler;
  /** After a commit that changed redirects on this instance (the admin, an import): read them again now. */
  changed(): void;
  /** Writes the hits counted so far. */
  flush(): Promise<void>;
  /** Writes what memory holds (shutdown loses no hits). */
  stop(): Promise<void>;
}

/** The head of a redirect: the target, cached for an hour by browsers when permanent, never when temporary. */
export function redirectHead(route: RedirectRoute, requestUrl: string): Array<[string, string]> {
  return [
    ['Location', redirectLocation(route.to, requestUrl)],
    ['Cache-Control', route.status === 301 ? 'public, max-age=3600' : 'no-store'],
    ['Content-Length', '0'],
  ];
}

export function createRedirectTable(options: RedirectTableOptions): RedirectTable {
  const { db, logger, checkEveryMs = 1000, flushAfterMs = 5000, clock = Date.now } = options;
  let routes = new Map<string, RedirectRoute>();
  let knownVersion: number | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;
  /** Counts `changed()` calls: a read that began before the latest one does not count as current. */
  let asked = 0;
  let hits = new Map<string, { hits: number; lastHitAt: number }>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  async function check(): Promise<void> {
    const startedAt = asked;
    const now = clock();
    const version = await readContentVersion(db, REDIRECTS_AREA);
    if (version !== knownVersion) {
      routes = new Map((await loadRedirectRoutes(db)).map((route) => [route.from, route]));
      knownVersion = version;
    }
    checkedAt = startedAt === asked ? now : -Infinity;
  }

  const isCurrent = () => clock() - checkedAt < checkEveryMs;

  function ensureCurrent(): Promise<void> {
    // With the database unreachable the table it has keeps being answered; the next read is a second away.
    checking ??= check()
      .catch((err: unknown) => {
        logger.warn({ err }, 'redirects could not be read');
        checkedAt = clock();
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  function count(from: string): void {
    const counted = hits.get(from);
    if (counted) {
      counted.hits += 1;
      counted.lastHitAt = clock();
    } else hits.set(from, { hits: 1, lastHitAt: clock() });
    flushTimer ??= setTimeout(() => void flush(), flushAfterMs).unref();
  }

  function find(req: IncomingMessage): RedirectRoute | null {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || routes.size === 0) return null;
    const route = routes.get(normaliseRedirectPath(req.url ?? '/'));
    if (!route) return null;
    count(route.from);
    return route;
  }

  function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    if (hits.size === 0) return flushing;
    const batch = [...hits].map(([from, h]) => ({ from, hits: h.hits, lastHitAt: new Date(h.lastHitAt).toISOString() }));
    hits = new Map();
    flushing = flushing
      .then(() => addRedirectHits(db, batch))
      .catch((err: unknown) => logger.warn({ err, redirects: batch.length }, 'redirect hits could not be written'));
    return flushing;
  }

  return {
    lookup(req) {
      if (!isCurrent()) {
        void ensureCurrent();
        return undefined;
      }
      return find(req);
    },
    middleware(req, res, next) {
      const answer = () => {
        const route = find(req);
        if (!route) return next();
        res.status(route.status);
        for (const [name, value] of redirectHead(route, req.originalUrl)) res.setHeader(name, value);
        res.end();
      };
      if (isCurrent()) return answer();
      ensureCurrent().then(answer, next);
    },
    changed() {
      asked += 1;
      checkedAt = -Infinity;
      void ensureCurrent();
    },
    flush,
    stop: flush,
  };
}

/** Writes a redirect on the early path (before Express), with the head the chain would send before it: `first` (request id, security headers). */
export function writeRedirect(
  res: ServerResponse,
  route: RedirectRoute,
  requestUrl: string,
  first: ReadonlyArray<readonly [string, string]>,
): void {
  res.writeHead(route.status, [...first, ...redirectHead(route, requestUrl)].flat());
  res.end();
}
