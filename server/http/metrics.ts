import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * What ops graph and alert on (README, "Metrics"), in Prometheus's text format at GET /metrics. Each app has its
 * own registry, so every instance reports its own process; the outbox figures come from the shared database.
 */

/** The events features count; a no-op where metrics are off. */
export interface SiteMetrics {
  pageCache: { hit(): void; miss(): void };
  lead(type: 'quote' | 'contact', outcome: 'accepted' | 'held' | 'refused'): void;
  signIn: { failed(): void; throttled(): void };
}

export const NO_METRICS: SiteMetrics = {
  pageCache: { hit() {}, miss() {} },
  lead() {},
  signIn: { failed() {}, throttled() {} },
};

/** The outbox as the database holds it, per kind of notification. */
export interface OutboxBacklog {
  kind: string;
  pending: number;
  /** Seconds the oldest pending notification has waited; 0 when none waits. */
  oldestSeconds: number;
  failed: number;
}

/** An off-site backup job as the shared database records it (db/queries/backup-jobs.ts). */
export interface BackupJobFigures {
  job: string;
  lastSuccessAt: string | null;
  failures: number;
}

export interface MetricsSources {
  pageCacheBytes: () => number;
  outboxBacklog: () => Promise<OutboxBacklog[]>;
  /** Null where the site makes no off-site backups (BACKUP_URL unset, or PostgreSQL). */
  backupJobs: () => Promise<BackupJobFigures[] | null>;
}

export interface Metrics {
  events: SiteMetrics;
  /** Times every request; mounted first, so refusals count too. */
  timing: RequestHandler;
  /** Times a request answered before Express (a stored page, early-hits.ts) under the route pattern it would have had. */
  timeAnswer(req: IncomingMessage, res: ServerResponse, route: string): void;
  /** GET /metrics: the Prometheus text to a request bearing the token; any other passes on (a 404 page). */
  answer: RequestHandler;
}

/** The route a request matched, as a pattern (never the path itself: ids and slugs would make every path a series). */
function routeOf(req: Request, res: Response): string {
  if (req.route && req.route.path !== '/{*splat}') return `${req.baseUrl}${String(req.route.path)}`;
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/html')) return 'page';
  return res.statusCode === 404 ? 'not-found' : 'static';
}

/** Compares in constant time, so the token cannot be guessed a character at a time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createMetrics(token: string, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheHits = new Counter({
    name: 'site_page_cache_hits_total',
    help: 'Public pages answered from the page cache.',
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: 'site_page_cache_misses_total',
    help: 'Public pages rendered because the cache did not hold them.',
    registers: [registry],
  });
  new Gauge({
    name: 'site_page_cache_bytes',
    help: 'Memory held by the page cache (every stored encoding).',
    registers: [registry],
    collect() {
      this.set(sources.pageCacheBytes());
    },
  });
  const outbox: Array<[Gauge, (b: OutboxBacklog) => number]> = [
    [
      new Gauge({
        name: 'site_outbox_pending',
        help: 'Notifications waiting to be sent, by kind.',
        labelNames: ['kind'],
        registers: [registry],
      }),
      (b) => b.pending,
    ],
    [
      new Gauge({
        name: 'site_outbox_oldest_pending_seconds',
        help: 'How long the oldest waiting notification has waited, by kind.',
        labelNames: ['kind'],
        registers: [registry],
      }),
      (b) => b.oldestSeconds,
    ],
    [
      new Gauge({
        name: 'site_outbox_failed',
        help: 'Notifications that failed (for good, or last time), by kind.',
        labelNames: ['kind'],
        registers: [registry],
      }),
      (b) => b.failed,
    ],
  ];
  /**
   * One read of the outbox per scrape sets all three gauges. With the database unreachable they are left empty
   * and the rest is still reported: a scrape must work most when something is wrong (readiness says what).
   */
  async function readOutbox(): Promise<void> {
    const backlog = await sources.outboxBacklog().catch(() => []);
    for (const [gauge, pick] of outbox) {
      gauge.reset();
      for (const row of backlog) gauge.set({ kind: row.kind }, pick(row));
    }
  }
  const lastSuccess = new Gauge({
    name: 'site_backup_last_success_timestamp_seconds',
    help: 'When the off-site backup last succeeded, by job: upload (a snapshot stored) or verify (the newest restored and checked).',
    labelNames: ['job'],
    registers: [registry],
  });
  const backupFailures = new Gauge({
    name: 'site_backup_failures',
    help: 'Off-site backup runs that failed since the job last succeeded, by job (upload, verify).',
    labelNames: ['job'],
    registers: [registry],
  });
  /** Read at each scrape from the shared database, like the outbox; left empty when backups are off or it is unreachable. */
  async function readBackups(): Promise<void> {
    const jobs = await sources.backupJobs().catch(() => null);
    lastSuccess.reset();
    backupFailures.reset();
    for (const job of jobs ?? []) {
      if (job.lastSuccessAt) lastSuccess.set({ job: job.job }, Date.parse(job.lastSuccessAt) / 1000);
      backupFailures.set({ job: job.job }, job.failures);
    }
  }
  const leads = new Counter({
    name: 'site_leads_total',
    help: 'Leads by type and outcome: accepted, held as spam, or refused (bad fields, failed spam check).',
    labelNames: ['type', 'outcome'],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'site_sign_in_failures_total',
    help: 'Staff sign-ins refused for a wrong password or code.',
    registers: [registry],
  });
  const signInThrottled = new Counter({
    name: 'site_sign_in_throttled_total',
    help: 'Staff sign-ins refused by the limits before any check.',
    registers: [registry],
  });

  // One child per label set, found by a plain string key: prom-client would otherwise sort and hash the labels
  // on every request, the larger part of what timing a cache hit costs.
  const series = new Map<string, { observe(value: number): void }>();
  function observe(route: string, method: string, status: number, started: number): void {
    const key = `${route} ${method} ${status}`;
    let child = series.get(key);
    if (!child) {
      child = duration.labels(route, method, String(status));
      series.set(key, child);
    }
    child.observe((performance.now() - started) / 1000);
  }
  const timing: RequestHandler = (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => observe(routeOf(req, res), req.method, res.statusCode, started));
    next();
  };
  const timeAnswer = (req: IncomingMessage, res: ServerResponse, route: string) => {
    const started = performance.now();
    res.once('finish', () => observe(route, req.method ?? '', res.statusCode, started));
  };

  const answer: RequestHandler = async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token)) return next();
    res.setHeader('Cache-Control', 'no-store');
    await Promise.all([readOutbox(), readBackups()]);
    res.type(registry.contentType).send(await registry.metrics());
  };

  return {
    events: {
      pageCache: { hit: () => cacheHits.inc(), miss: () => cacheMisses.inc() },
      lead: (type, outcome) => leads.inc({ type, outcome }),
      signIn: { failed: () => signInFailures.inc(), throttled: () => signInThrottled.inc() },
    },
    timing,
    timeAnswer,
    answer,
  };
}
