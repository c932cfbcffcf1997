import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { findNextScheduledAt, readContentChanges, readContentVersion } from '../../db/queries/blogs.ts';
import { pathOf } from '../core/url-path.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { NO_METRICS, type SiteMetrics } from './metrics.ts';
import { PAGE_PARAMS } from './page-params.ts';
import { SegmentedLru } from './segmented-lru.ts';
import { type RenderedPage, type StoredPage, storePage, storedHeads, writeStoredPage } from './stored-page.ts';

export type { RenderedPage } from './stored-page.ts';

export interface PageCacheOptions {
  db: Db;
  /** The content area whose version is watched (see migration 021). */
  area: string;
  /** Which URL paths may be cached (for visitors without a session). */
  paths: RegExp;
  /** The query parameters some cached page reads (page-params.ts); any other (`utm_*`, `fbclid`, …) is left out of the key. */
  pageParams?: ReadonlySet<string>;
  maxEntries?: number;
  maxBytes?: number;
  /** How often the version in the database is read; a change made on another instance shows after this. */
  checkEveryMs?: number;
  /** Pages are rendered again at least this often, for what changes with time alone (the footer's year). */
  maxAgeMs?: number;
  clock?: () => number;
  /** Told of every hit and every miss (metrics.ts). */
  counts?: SiteMetrics['pageCache'];
  /** Told of every stored 200 HTML page answered, early or through the chain (server/analytics counts views). */
  pageAnswered?: (req: IncomingMessage) => void;
}

/** A page to render ahead of the first visitor. */
export interface WarmPage {
  url: string;
  produce: () => Promise<RenderedPage | null>;
}

export interface PageCache {
  /** True when this request may be answered from the cache: a GET or HEAD of a cacheable path, no session. */
  handles(req: Request): boolean;
  /**
   * Middleware for early in the chain (before compression): sends a stored page as it is, or passes on. Only
   * URLs that `serve` stored are ever answered here, so static files and routes below are never shadowed.
   */
  sendStored: RequestHandler;
  /**
   * The stored page for this request, when it may be answered from the cache (as `handles`) and the cache is known
   * to be current; nothing otherwise, and then the middleware chain decides (`sendStored` first checks the version).
   * Counts a hit, and tells `pageAnswered` (the caller sends what it finds). For the early answer of stored pages, before Express (early-hits.ts).
   */
  lookup(req: IncomingMessage): StoredPage | undefined;
  /**
   * Answers from the cache, producing the page once per content version on a miss; false when nothing was
   * produced. `produce` gets the URL the page is stored under (its cache key), which is what it must render.
   */
  serve(req: Request, res: Response, produce: (url: string) => Promise<RenderedPage | null>): Promise<boolean>;
  /** Renders these pages now and again after every content change, so visitors never wait for them. */
  warm(pages: WarmPage[]): Promise<void>;
  /** Drops everything; the blog service calls this after each write on this instance. */
  invalidate(): void;
  /**
   * Reads the version now, after a write on this instance that named the pages it changed: only those are dropped
   * (docs/decisions/027-publish-drops-its-pages.md), here as on every other instance.
   */
  recheck(): void;
  stats(): { entries: number; bytes: number };
}

/**
 * The URL a page is stored under: its path and only the query parameters a page reads, sorted. Campaign links
 * (`?utm_source=…`) and made-up parameters are served from the path's own entry and never make one: each new
 * entry costs a render and three compressions, and an attacker could otherwise mint them without end.
 */
export function pageCacheKey(url: string, pageParams: ReadonlySet<string>): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const kept = [...new URLSearchParams(url.slice(queryAt + 1))].filter(([name]) => pageParams.has(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const path = url.slice(0, queryAt);
  return kept.length ? `${path}?${new URLSearchParams(kept).toString()}` : path;
}

/** A path as Express routes match it: case ignored, a trailing slash dropped. */
function routePath(path: string): string {
  return path.toLowerCase().replace(/(.)\/$/, '$1');
}

/** Responses that are the same for every visitor until content changes; errors (5xx) are rendered each time. */
const STORED_STATUSES = new Set([200, 301, 308, 404, 410]);
/** Stored pages as the middleware chain sends them: after the headers the chain has set already. */
const chainHeads = storedHeads([]);
/** `sid`, or `__Host-sid` on an https site (session.ts). */
const SESSION_COOKIE_RE = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

/**
 * Render-once cache of public pages for visitors without a session: each page is rendered once per content
 * version, compressed once (gzip and brotli) and sent as stored bytes (stored-page.ts). Staff always get a
 * fresh render, and nothing rendered for a session is ever stored.
 *
 * Scale-out: each instance reads a version number from the database (`content_versions`, bumped in the same
 * transaction as every blog write) at most once per `checkEveryMs` (1 s), and drops its pages when the number
 * moved; so an edit on one instance reaches every other within a second, with no message bus. The same check
 * notices when the next scheduled post's publish time has passed, which changes the public list without a write.
 * A change that named its pages (`content_changes`, a publish of the pages' words) drops only those paths.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const {
    db,
    area,
    paths,
    pageParams = PAGE_PARAMS,
    maxEntries = 2000,
    maxBytes = 64 * 1024 * 1024,
    checkEveryMs = 1000,
    maxAgeMs = 60 * 60 * 1000,
    clock = Date.now,
    counts = NO_METRICS.pageCache,
    pageAnswered = () => {},
  } = options;
  const pages = new SegmentedLru<StoredPage>({ maxEntries, maxBytes });
  const inFlight = new Map<string, Promise<StoredPage | RenderedPage | null>>();
  let warmPages: WarmPage[] = [];
  let generation = 0;
  let knownVersion: number | null = null;
  let nextChangeAt = Infinity;
  let expiresAt = clock() + maxAgeMs;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;
  /** Counts `recheck()` calls: a check that began before the latest one does not count as current. */
  let asked = 0;

  function clear(): void {
    pages.clear();
    inFlight.clear();
    generation += 1;
    expiresAt = clock() + maxAgeMs;
  }

  /** Drops the pages stored under these paths (a key's query ignored; case and a trailing slash as routes match). */
  function drop(paths: string[]): void {
    const dropped = new Set(paths.map(routePath));
    const shows = (key: string) => dropped.has(routePath(pathOf(key)));
    for (const key of pages.keys()) if (shows(key)) pages.delete(key);
    // A render of one of them already running read the old words: it is sent to those who asked, but not kept.
    for (const key of inFlight.keys()) if (shows(key)) inFlight.delete(key);
    void rewarm(shows);
  }

  async function check(): Promise<void> {
    const now = clock();
    const startedAt = asked;
    const [version, next] = await Promise.all([readContentVersion(db, area), findNextScheduledAt(db, new Date(now).toISOString())]);
    const moved = knownVersion !== null && version !== knownVersion;
    const timed = now >= nextChangeAt || now >= expiresAt;
    // Only a move the log fully explains drops less than everything; a scheduled time or the age limit drop all.
    const paths = moved && !timed ? await readContentChanges(db, area, knownVersion!, version) : null;
    knownVersion = version;
    nextChangeAt = next ? Date.parse(next) : Infinity;
    checkedAt = startedAt === asked ? now : -Infinity;
    if (paths) drop(paths);
    else if (moved || timed) {
      clear();
      void rewarm();
    }
  }

  function isFresh(): boolean {
    const now = clock();
    return now - checkedAt < checkEveryMs && now < nextChangeAt && now < expiresAt;
  }

  /** Makes sure the cache reflects the database as of at most `checkEveryMs` ago. */
  async function ensureFresh(): Promise<void> {
    // Twice at most: a check that was running when this instance wrote (`recheck`) is not current, so one more runs.
    for (let round = 0; round < 2 && !isFresh(); round += 1) {
      // With the database unreachable, pages already rendered keep being served; a miss then renders the
      // page's own error (503 for a post). The next check is a second away, not on every request.
      checking ??= check()
        .catch(() => {
          checkedAt = clock();
        })
        .finally(() => {
          checking = null;
        });
      await checking;
    }
  }

  /** Renders and stores a page once however many requests wait for it; answers what was rendered. */
  function fill(key: string, produce: (url: string) => Promise<RenderedPage | null>): Promise<StoredPage | RenderedPage | null> {
    const running = inFlight.get(key);
    if (running) return running;
    const startedIn = generation;
    const pending: Promise<StoredPage | RenderedPage | null> = produce(key).then(async (page) => {
      if (!page || !STORED_STATUSES.has(page.statusCode) || page.storable === false) return page;
      const stored = await storePage(page, clock());
      // A write while rendering makes this page stale: it is sent to those who asked, but not kept.
      if (startedIn === generation && inFlight.get(key) === pending) pages.set(key, stored);
      return stored;
    });
    inFlight.set(key, pending);
    void pending
      .finally(() => {
        if (inFlight.get(key) === pending) inFlight.delete(key);
      })
      .catch(() => {});
    return pending;
  }

  async function rewarm(only: (url: string) => boolean = () => true): Promise<void> {
    const due = warmPages.filter(({ url }) => only(url));
    await Promise.all(due.map(({ url, produce }) => fill(url, produce).catch(() => null)));
  }

  function handles(req: Request): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if ((req as { user?: unknown }).user || SESSION_COOKIE_RE.test(req.headers.cookie ?? '')) return false;
    return paths.test(req.path);
  }

  function lookup(req: IncomingMessage): StoredPage | undefined {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isFresh()) return undefined;
    const url = req.url ?? '';
    if (!paths.test(pathOf(url)) || SESSION_COOKIE_RE.test(req.headers.cookie ?? '')) return undefined;
    const hit = pages.get(pageCacheKey(url, pageParams));
    if (hit) {
      counts.hit();
      if (hit.isPage) pageAnswered(req);
    }
    return hit;
  }

  function send(req: Request, res: Response, page: StoredPage): void {
    if (page.isPage) pageAnswered(req);
    // The chain has set the request id and security headers already: writeHead merges the page's over them.
    writeStoredPage(req, res, page, chainHeads);
  }

  function sendHit(req: Request, res: Response): boolean {
    const hit = pages.get(pageCacheKey(req.originalUrl, pageParams));
    if (hit) {
      counts.hit();
      send(req, res, hit);
    }
    return Boolean(hit);
  }

  return {
    handles,
    lookup,

    sendStored(req, res, next) {
      if (!handles(req)) return next();
      if (isFresh()) return sendHit(req, res) ? undefined : next();
      ensureFresh().then(() => (sendHit(req, res) ? undefined : next()), next);
    },

    async serve(req, res, produce) {
      await ensureFresh();
      if (sendHit(req, res)) return true;
      counts.miss();
      const page = await fill(pageCacheKey(req.originalUrl, pageParams), produce);
      if (!page) return false;
      if ('variants' in page) {
        send(req, res, page);
        return true;
      }
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.status(page.statusCode).send(page.body);
      return true;
    },

    async warm(list) {
      warmPages = list;
      await ensureFresh();
      await rewarm();
    },

    invalidate() {
      clear();
      // Read the new version at once: the check sees it moved and renders the warm pages again.
      checkedAt = -Infinity;
      void ensureFresh();
    },

    recheck() {
      asked += 1;
      checkedAt = -Infinity;
      void ensureFresh();
    },

    stats: () => ({ entries: pages.size, bytes: pages.bytes }),
  };
}
