import type { IncomingMessage } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import {
  type CountBatch,
  type PendingEvent,
  type PendingPageViews,
  countVisits,
  daySalt,
  forgetVisitsBefore,
  writeCounts,
} from '../../db/queries/analytics-counts.ts';
import { linkLeadToVisit } from '../../db/queries/analytics-reports.ts';
import { type AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS, FUNNEL_PAGES, type FunnelEvent, LEAD_EVENTS } from '../../shared/analytics.ts';
import { addDays, localDate, startOfDay } from '../../shared/zoned-time.ts';
import { type Config, analyticsLimits } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { clientAddressOf } from './client-address.ts';
import { isPageView, sendsGpc } from './counting-rules.ts';
import { visitSource } from './sources.ts';
import { newSalt, visitorHash } from './visitor-hash.ts';

/** The visit a request belongs to: its day, the day's visitor hash, and whether a lead may be linked to it (no GPC). */
export interface VisitKey {
  day: string;
  visitor: string;
  linkable: boolean;
}

/**
 * Counting visits (docs/product.md#analytics). Page views, funnel events and lead links go through here; counts
 * gather in memory and reach the database every few seconds and at shutdown, in small transactions that let
 * requests through between them.
 */
export interface VisitCounter {
  readonly enabled: boolean;
  /** A public page was answered 200 to a visitor without a session: counted if it is a person's page view. */
  pageAnswered(req: IncomingMessage): void;
  /** A visitor reached a step of the quote or contact funnel (counted once per visitor and day). */
  event(name: FunnelEvent, req: IncomingMessage): void;
  /** The visit this request belongs to, or null when counting is off. */
  visitOf(req: IncomingMessage): VisitKey | null;
  /** Counts the lead's funnel step and records where its visit came from, unless it may not be linked; never throws. */
  leadStored(lead: { type: 'quote' | 'contact'; id: string; createdAt: string }, visit: VisitKey | null): Promise<void>;
  /** Moves to the next day when its time has come (its salt read ahead), then writes what memory holds. */
  flush(): Promise<void>;
  /** Stops the timer and writes what memory holds (SIGTERM loses nothing). */
  stop(): Promise<void>;
}

export const NO_VISIT_COUNTER: VisitCounter = {
  enabled: false,
  pageAnswered: () => {},
  event: () => {},
  visitOf: () => null,
  leadStored: async () => {},
  flush: async () => {},
  stop: async () => {},
};

export interface VisitCounterOptions {
  db: Db;
  logger: Logger;
  timeZone: string;
  siteUrl: string;
  /** The client address as Express's `req.ip` gives it (client-address.ts). */
  clientAddress: (req: IncomingMessage) => string;
  flushEveryMs?: number;
  /** The clock, moved by tests across midnight. */
  now?: () => number;
  limits?: AnalyticsLimits;
}

/** What the site's configuration says of counting: its time zone, address, client address and limits. */
export function configuredCounting(config: Config): Pick<VisitCounterOptions, 'timeZone' | 'siteUrl' | 'clientAddress' | 'limits'> {
  return {
    timeZone: config.TIME_ZONE,
    siteUrl: config.SITE_URL,
    clientAddress: clientAddressOf(config.TRUST_PROXY),
    limits: analyticsLimits(config),
  };
}

/** Distinct visitor × page entries held between flushes; past this, further new ones count as views only. */
const MAX_PENDING = 50_000;
/** Entries written per transaction: small enough that a request waits at most a few milliseconds behind one. */
const BATCH_ENTRIES = 200;
/** How long before midnight the next day's salt is fetched, so the first view after it never waits. */
const PREPARE_AHEAD_MS = 5 * 60_000;

interface Day {
  day: string;
  salt: string;
  /** When the day ends in the site's time zone, ms. */
  endsAt: number;
}

/**
 * Starts counting: reads today's salt (made by whichever instance asks first), then flushes every `flushEveryMs`
 * (5 s). A SIGKILL loses at most the views of the last few seconds; a failed flush keeps its counts for the next.
 */
export async function startVisitCounter(options: VisitCounterOptions): Promise<VisitCounter> {
  const { db, logger, timeZone, clientAddress } = options;
  const now = options.now ?? Date.now;
  const limits = options.limits ?? DEFAULT_ANALYTICS_LIMITS;
  const siteHost = new URL(options.siteUrl).hostname.replace(/^www\./, '');
  /** Views since the last flush by day, visitor and page. */
  let pending = new Map<string, InMemoryViews>();
  let events = new Map<string, PendingEvent>();
  /** Views past the limits, by day and page: they add to the totals without a visitor. */
  let viewsOnly = new Map<string, ViewsOnly>();
  let flushing: Promise<void> | null = null;

  async function dayAt(at: number): Promise<Day> {
    const day = localDate(new Date(at), timeZone);
    return { day, salt: await daySalt(db, day, newSalt()), endsAt: startOfDay(addDays(day, 1), timeZone).getTime() };
  }
  let today = await dayAt(now());
  let tomorrow: Day | null = null;
  await forgetVisitsBefore(db, today.day);

  /** The visitors this instance records today, with the page entries each has had, against the limits. */
  let recorded = { day: today.day, visitors: new Map<string, number>(), count: await countVisits(db, today.day), newSinceFlush: 0 };

  /** Whether this view gets a visitor × page entry; false once a limit is reached (it then counts as a view only). */
  function record(visit: VisitKey): boolean {
    if (recorded.day !== visit.day) recorded = { day: visit.day, visitors: new Map(), count: 0, newSinceFlush: 0 };
    const entries = recorded.visitors.get(visit.visitor);
    if (entries === undefined) {
      if (recorded.count >= limits.visitorsPerDay || recorded.newSinceFlush >= limits.newVisitorsPerFlush) return false;
      recorded.count += 1;
      recorded.newSinceFlush += 1;
    } else if (entries >= limits.pagesPerVisitor) return false;
    recorded.visitors.set(visit.visitor, (entries ?? 0) + 1);
    return true;
  }

  /** Today, moving to the next day (prepared ahead) once midnight has passed; null if its salt is not read yet. */
  function currentDay(at: number): Day | null {
    if (at < today.endsAt) return today;
    if (tomorrow && at < tomorrow.endsAt) {
      today = tomorrow;
      tomorrow = null;
      return today;
    }
    return null;
  }

  /** Runs with each flush: fetches tomorrow's salt near midnight; after it, forgets the day that ended. */
  async function keepDays(): Promise<void> {
    const at = now();
    if (at >= today.endsAt && !currentDay(at)) today = await dayAt(at);
    if (!tomorrow && today.endsAt - at < PREPARE_AHEAD_MS) tomorrow = await dayAt(today.endsAt);
    await forgetVisitsBefore(db, today.day);
  }

  /**
   * The last visitor each connection brought, so a browser's keep-alive connection pays for the hash (about 10 µs)
   * once, not per page; checked against the address and browser, since a proxy's connection carries many visitors.
   */
  const lastOnSocket = new WeakMap<object, { day: string; address: string; userAgent: string; visitor: string }>();

  function visitOf(req: IncomingMessage, at: number): VisitKey | null {
    const day = currentDay(at);
    if (!day) return null;
    const address = clientAddress(req);
    const userAgent = req.headers['user-agent'] ?? '';
    const last = lastOnSocket.get(req.socket);
    let visitor: string;
    if (last && last.day === day.day && last.address === address && last.userAgent === userAgent) visitor = last.visitor;
    else {
      visitor = visitorHash(day.salt, address, userAgent);
      lastOnSocket.set(req.socket, { day: day.day, address, userAgent, visitor });
    }
    return { day: day.day, visitor, linkable: !sendsGpc(req.headers) };
  }

  /** Puts a batch that could not be written back, under what arrived meanwhile, for the next flush. */
  function restore(batch: KeyedBatch): void {
    for (const [key, view] of batch.views) {
      const later = pending.get(key);
      if (later)
        Object.assign(later, {
          views: later.views + view.views,
          firstAt: view.firstAt,
          source: view.source,
          linkable: later.linkable && view.linkable,
        });
      else pending.set(key, view);
    }
    for (const [key, event] of batch.events) events.set(key, event);
    for (const [key, row] of batch.viewsOnly) {
      const later = viewsOnly.get(key);
      if (later) later.views += row.views;
      else viewsOnly.set(key, row);
    }
  }

  async function writeBatches(batches: KeyedBatch[]): Promise<void> {
    for (const [i, batch] of batches.entries()) {
      if (i > 0) await nextTurn();
      try {
        await writeCounts(db, unkeyed(batch), limits.sourcesPerDay);
      } catch (err) {
        for (const left of batches.slice(i)) restore(left);
        logger.warn({ err }, 'analytics: could not write counts; will try again');
        return;
      }
    }
  }

  async function write(): Promise<void> {
    if (flushing) await flushing;
    recorded.newSinceFlush = 0;
    if (!pending.size && !events.size && !viewsOnly.size) return;
    const batches = intoBatches(pending, events, viewsOnly);
    pending = new Map();
    events = new Map();
    viewsOnly = new Map();
    flushing = writeBatches(batches).finally(() => {
      flushing = null;
    });
    await flushing;
  }

  function countEvent(name: FunnelEvent, visit: VisitKey | null): void {
    if (!visit || events.size >= MAX_PENDING) return;
    events.set(`${visit.day}\n${visit.visitor}\n${name}`, {
      day: visit.day,
      visitor: visit.visitor,
      event: name,
      page: FUNNEL_PAGES[name],
    });
  }

  let ticking: Promise<void> | null = null;
  function flush(): Promise<void> {
    ticking ??= keepDays()
      .catch((err: unknown) => logger.warn({ err }, 'analytics: could not prepare the day; will try again'))
      .then(write)
      .finally(() => {
        ticking = null;
      });
    return ticking;
  }
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 5_000).unref();

  return {
    enabled: true,

    pageAnswered(req) {
      if (!isPageView(req.method, req.headers)) return;
      const at = now();
      const visit = visitOf(req, at);
      if (!visit) return;
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = (queryAt === -1 ? url : url.slice(0, queryAt)).slice(0, 300);
      const key = `${visit.day}\n${visit.visitor}\n${path}`;
      const seen = pending.get(key);
      if (seen) {
        seen.views += 1;
        seen.lastAt = at;
        if (!visit.linkable) seen.linkable = false;
        return;
      }
      if (pending.size >= MAX_PENDING || !record(visit)) {
        const only = `${visit.day}\n${path}`;
        const row = viewsOnly.get(only);
        if (row) row.views += 1;
        else viewsOnly.set(only, { day: visit.day, path, views: 1 });
        return;
      }
      const source = visitSource(queryAt === -1 ? null : new URLSearchParams(url.slice(queryAt + 1)), req.headers.referer, siteHost);
      pending.set(key, {
        day: visit.day,
        visitor: visit.visitor,
        path,
        views: 1,
        firstAt: at,
        lastAt: at,
        source: {
          channel: source.channel,
          referrer_host: source.referrerHost,
          utm_source: source.utmSource,
          utm_medium: source.utmMedium,
          utm_campaign: source.utmCampaign,
        },
        linkable: visit.linkable,
      });
    },

    event: (name, req) => countEvent(name, visitOf(req, now())),

    visitOf: (req) => visitOf(req, now()),

    async leadStored(lead, visit) {
      countEvent(LEAD_EVENTS[lead.type], visit);
      if (!visit?.linkable) return;
      try {
        // The pages this visitor saw in the last few seconds may still be in memory.
        await write();
        await linkLeadToVisit(db, lead, visit, lead.createdAt);
      } catch (err) {
        logger.warn({ err, leadId: lead.id }, 'analytics: could not record where the lead came from');
      }
    },

    flush,

    async stop() {
      clearInterval(timer);
      await ticking;
      await write();
    },
  };
}

/** A flush's entries with their keys in the counter's maps, so a batch that fails can be put back. */
interface KeyedBatch {
  views: Array<[string, InMemoryViews]>;
  events: Array<[string, PendingEvent]>;
  viewsOnly: Array<[string, ViewsOnly]>;
}

/** A visitor's views of a page since the last flush, with times in ms (made ISO once, when written). */
type InMemoryViews = Omit<PendingPageViews, 'firstAt' | 'lastAt'> & { firstAt: number; lastAt: number };
type ViewsOnly = CountBatch['viewsOnly'][number];

/**
 * Splits a flush into transactions of about BATCH_ENTRIES entries: a visitor's views stay together (the earliest
 * opens the visit), and funnel steps come after every view, since a step counts only after its page's view.
 */
function intoBatches(
  views: Map<string, InMemoryViews>,
  events: Map<string, PendingEvent>,
  viewsOnly: Map<string, ViewsOnly>,
): KeyedBatch[] {
  const batches: KeyedBatch[] = [{ views: [], events: [], viewsOnly: [...viewsOnly] }];
  const byVisitor = [...views].sort(([, a], [, b]) => compareText(a.day, b.day) || compareText(a.visitor, b.visitor));
  for (const [i, entry] of byVisitor.entries()) {
    const last = batches.at(-1)!;
    const previous = byVisitor[i - 1]?.[1];
    const sameVisitor = previous?.day === entry[1].day && previous.visitor === entry[1].visitor;
    if (!sameVisitor && last.views.length >= BATCH_ENTRIES) batches.push({ views: [entry], events: [], viewsOnly: [] });
    else last.views.push(entry);
  }
  const steps = [...events];
  for (let i = 0; i < steps.length; i += BATCH_ENTRIES)
    batches.push({ views: [], events: steps.slice(i, i + BATCH_ENTRIES), viewsOnly: [] });
  return batches;
}

function unkeyed(batch: KeyedBatch): CountBatch {
  return {
    views: batch.views.map(([, v]) => ({ ...v, firstAt: new Date(v.firstAt).toISOString(), lastAt: new Date(v.lastAt).toISOString() })),
    events: batch.events.map(([, e]) => e),
    viewsOnly: batch.viewsOnly.map(([, row]) => row),
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
