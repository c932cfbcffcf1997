import type { IncomingMessage } from 'node:http';
import type { Db } from '../../db/database.ts';
import { type PendingEvent, type PendingPageViews, daySalt, forgetVisitsBefore, writeCounts } from '../../db/queries/analytics-counts.ts';
import { linkLeadToVisit } from '../../db/queries/analytics-reports.ts';
import { FUNNEL_PAGES, type FunnelEvent, LEAD_EVENTS } from '../../shared/analytics.ts';
import { addDays, localDate, startOfDay } from '../../shared/zoned-time.ts';
import type { Logger } from '../core/logger.ts';
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
 * gather in memory and reach the database in one transaction every few seconds and at shutdown.
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
}

/** Distinct visitor × page entries held between flushes; past this (a flood), further new ones wait for the flush. */
const MAX_PENDING = 50_000;
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
  const siteHost = new URL(options.siteUrl).hostname.replace(/^www\./, '');
  /** Views since the last flush by day, visitor and page, with times in ms (made ISO once, at the flush). */
  let pending = new Map<string, Omit<PendingPageViews, 'firstAt' | 'lastAt'> & { firstAt: number; lastAt: number }>();
  let events = new Map<string, PendingEvent>();
  let flushing: Promise<void> | null = null;

  async function dayAt(at: number): Promise<Day> {
    const day = localDate(new Date(at), timeZone);
    return { day, salt: await daySalt(db, day, newSalt()), endsAt: startOfDay(addDays(day, 1), timeZone).getTime() };
  }
  let today = await dayAt(now());
  let tomorrow: Day | null = null;
  await forgetVisitsBefore(db, today.day);

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

  async function write(): Promise<void> {
    if (flushing) await flushing;
    if (!pending.size && !events.size) return;
    const views = pending;
    const counted = events;
    pending = new Map();
    events = new Map();
    const rows = [...views.values()].map((v) => ({ ...v, firstAt: new Date(v.firstAt).toISOString(), lastAt: new Date(v.lastAt).toISOString() }));
    flushing = writeCounts(db, rows, [...counted.values()])
      .catch((err: unknown) => {
        // Kept for the next flush: merged back under what arrived meanwhile.
        for (const [key, view] of views) {
          const later = pending.get(key);
          if (later) Object.assign(later, { views: later.views + view.views, firstAt: view.firstAt, source: view.source, linkable: later.linkable && view.linkable });
          else pending.set(key, view);
        }
        for (const [key, event] of counted) events.set(key, event);
        logger.warn({ err }, 'analytics: could not write counts; will try again');
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  function countEvent(name: FunnelEvent, visit: VisitKey | null): void {
    if (!visit || events.size >= MAX_PENDING) return;
    events.set(`${visit.day}\n${visit.visitor}\n${name}`, { day: visit.day, visitor: visit.visitor, event: name, page: FUNNEL_PAGES[name] });
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
      if (pending.size >= MAX_PENDING) return;
      const source = visitSource(queryAt === -1 ? null : new URLSearchParams(url.slice(queryAt + 1)), req.headers.referer, siteHost);
      pending.set(key, {
        day: visit.day,
        visitor: visit.visitor,
        path,
        views: 1,
        firstAt: at,
        lastAt: at,
        source: { channel: source.channel, referrer_host: source.referrerHost, utm_source: source.utmSource, utm_medium: source.utmMedium, utm_campaign: source.utmCampaign },
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
