import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { findNextScheduledAt, readContentVersion } from '../../db/queries/blogs.ts';
import { SESSION_COOKIE } from '../auth/session.ts';

/** A rendered response: what Vike produced for one URL. */
export interface RenderedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
}

interface Entry extends RenderedPage {
  etag: string;
  lastModified: string;
  bytes: number;
}

export interface PageCacheOptions {
  db: Db;
  /** The content area whose version is watched (see migration 021). */
  area: string;
  /** Which URL paths may be cached. */
  paths: RegExp;
  maxEntries?: number;
  maxBytes?: number;
  /** How often the version in the database is read; a change made on another instance shows after this. */
  checkEveryMs?: number;
  clock?: () => number;
}

export interface PageCache {
  /** True when this request may be answered from the cache: a signed-out GET of a cacheable path. */
  handles(req: Request): boolean;
  /** Answers from the cache, rendering once on a miss; returns false when `render` produced nothing. */
  serve(req: Request, res: Response, render: () => Promise<RenderedPage | null>): Promise<boolean>;
  /** A text body (a feed) computed once per content version. */
  remember(key: string, produce: () => Promise<string>): Promise<string>;
  /** Drops everything; the blog service calls this after each write on this instance. */
  invalidate(): void;
}

/**
 * Browsers revalidate every time (a cheap 304); a CDN or proxy may keep a page for a minute and serve it
 * stale for five more while it refetches. Staff pages are never shared.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Stands in for the per-response CSP nonce inside stored pages; each response gets its own nonce back. */
const NONCE_TOKEN = '\u0000nonce\u0000';
const SESSION_COOKIE_RE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Render-once cache for public pages. Pages are rendered on the first request and kept until content changes.
 *
 * Scale-out: each instance reads a version number from the database (`content_versions`, bumped in the same
 * transaction as every blog write) at most once per `checkEveryMs` (1 s), and drops its pages when the number
 * moved; so an edit on one instance reaches every other within a second, with no message bus. The same check
 * notices when the next scheduled post's publish time has passed, which changes the public list without a write.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const { db, area, paths, maxEntries = 2000, maxBytes = 64 * 1024 * 1024, checkEveryMs = 1000, clock = Date.now } = options;
  const entries = new Map<string, Entry>();
  const texts = new Map<string, string>();
  const inFlight = new Map<string, Promise<Entry | null>>();
  let bytes = 0;
  let generation = 0;
  let knownVersion: number | null = null;
  let nextChangeAt = Infinity;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  function clear(): void {
    entries.clear();
    texts.clear();
    inFlight.clear();
    bytes = 0;
    generation += 1;
  }

  async function check(): Promise<void> {
    const now = clock();
    const [version, next] = await Promise.all([
      readContentVersion(db, area),
      findNextScheduledAt(db, new Date(now).toISOString()),
    ]);
    if ((knownVersion !== null && version !== knownVersion) || now >= nextChangeAt) clear();
    knownVersion = version;
    nextChangeAt = next ? Date.parse(next) : Infinity;
    checkedAt = now;
  }

  /** Makes sure the cache reflects the database as of at most `checkEveryMs` ago. */
  async function ensureFresh(): Promise<void> {
    const now = clock();
    if (now - checkedAt < checkEveryMs && now < nextChangeAt) return;
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

  function store(key: string, entry: Entry): void {
    if (entry.bytes > maxBytes / 4) return;
    entries.delete(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first: a Map iterates in insertion order, and a hit re-inserts its entry.
    for (const [oldKey, old] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= old.bytes;
    }
  }

  function toEntry(page: RenderedPage, nonce: string): Entry {
    const body = nonce ? page.body.split(nonce).join(NONCE_TOKEN) : page.body;
    const hash = createHash('sha1').update(body).digest('base64url');
    return {
      ...page,
      body,
      // Weak: the body differs between responses by its CSP nonce only.
      etag: `W/"${hash}"`,
      lastModified: new Date(Math.floor(clock() / 1000) * 1000).toUTCString(),
      bytes: body.length * 2,
    };
  }

  function send(req: Request, res: Response, entry: Entry): void {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('ETag', entry.etag);
    res.setHeader('Last-Modified', entry.lastModified);
    if (req.fresh) {
      // A 304's headers replace the stored response's: a fresh CSP nonce would no longer match its body.
      res.removeHeader('Content-Security-Policy');
      res.status(304).end();
      return;
    }
    const nonce = String(res.locals.cspNonce ?? '');
    res.status(entry.statusCode).send(entry.body.split(NONCE_TOKEN).join(nonce));
  }

  return {
    handles(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if ((req as { user?: unknown }).user || SESSION_COOKIE_RE.test(req.headers.cookie ?? '')) return false;
      return paths.test(req.path);
    },

    async serve(req, res, render) {
      await ensureFresh();
      const key = req.originalUrl;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        send(req, res, hit);
        return true;
      }
      let pending = inFlight.get(key);
      if (!pending) {
        const startedIn = generation;
        const nonce = String(res.locals.cspNonce ?? '');
        pending = render().then((page) => {
          if (!page) return null;
          const entry = toEntry(page, nonce);
          // Only pages that are the same for everyone are kept; a write during rendering makes this one stale.
          if (page.statusCode === 200 && startedIn === generation) store(key, entry);
          return entry;
        });
        inFlight.set(key, pending);
        void pending.finally(() => inFlight.delete(key)).catch(() => {});
      }
      const entry = await pending;
      if (!entry) return false;
      if (entry.statusCode !== 200) {
        for (const [name, value] of entry.headers) res.setHeader(name, value);
        res.status(entry.statusCode).send(entry.body.split(NONCE_TOKEN).join(String(res.locals.cspNonce ?? '')));
        return true;
      }
      send(req, res, entry);
      return true;
    },

    async remember(key, produce) {
      await ensureFresh();
      const known = texts.get(key);
      if (known !== undefined) return known;
      const startedIn = generation;
      const text = await produce();
      if (startedIn === generation) texts.set(key, text);
      return text;
    },

    invalidate() {
      clear();
      // Read the new version on the next request rather than treating it as someone else's change.
      checkedAt = -Infinity;
    },
  };
}
