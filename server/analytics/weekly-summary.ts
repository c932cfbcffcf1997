import { claimWeeklySummary, countLeadsWaitingSince, listWeeklySummaryReaders } from '../../db/queries/analytics-summaries.ts';
import { ANALYTICS_TEXT as T, type AnalyticsReport } from '../../shared/analytics.ts';
import { formatCalendarDate } from '../../shared/dates.ts';
import { can, isRole } from '../../shared/roles.ts';
import { HOUR_MS, addDays, mondayOf, pastLocalHour } from '../../shared/zoned-time.ts';
import { siteLink } from '../core/site-link.ts';
import type { PeriodicJob } from '../core/periodic-job.ts';
import { type EmailMessage, paragraphsHtml } from '../outbox/notifications.ts';
import { type StaffEmailJobOptions, queueStaffEmailOnce, startStaffEmailJob } from '../outbox/staff-email-job.ts';
import type { AnalyticsReader } from './analytics-report.ts';

/** Sent from 8 am on Monday in the site's time zone, for the week that ended the night before. */
const SEND_FROM_HOUR = 8;
const TOP_POSTS = 5;

export interface WeeklySummaryOptions extends StaffEmailJobOptions {
  reader: AnalyticsReader;
  companyName: () => Promise<string>;
  now?: () => Date;
}

/** The e-mail for one person: their role decides whether lead figures are in it. */
export function weeklySummaryEmail(
  report: AnalyticsReport,
  before: AnalyticsReport,
  waiting: number | null,
  to: string,
  company: string,
  siteUrl: string,
): EmailMessage {
  const link = siteLink(siteUrl, `/admin/analytics?from=${report.range.from}&to=${report.range.to}`);
  const parts = [T.weeklyVisitors(report.totals.visitors, before.totals.visitors)];
  if (report.totals.leads !== null) {
    const lines = report.channels.filter((c) => c.leads).map((c) => T.weeklyChannelLine(T.channels[c.channel], c.leads ?? 0));
    parts.push([T.weeklyLeads(report.totals.leads), ...lines].join('\n'));
  }
  const posts = report.posts.slice(0, TOP_POSTS);
  parts.push(
    posts.length ? [T.weeklyTopPosts, ...posts.map((p) => T.weeklyPostLine(p.title, p.views, p.leads))].join('\n') : T.weeklyNoPosts,
  );
  if (waiting !== null && waiting > 0) parts.push(T.weeklyWaiting(waiting));
  parts.push(link, T.weeklyStop);
  const text = parts.join('\n\n');
  return { to, subject: T.weeklySubject(company, formatCalendarDate(report.range.from)), text, html: paragraphsHtml(text, link) };
}

/**
 * Queues each week's summary for everyone who asked for it (docs/product.md#analytics), once per person and week
 * whatever the number of instances. Checks every hour, so a server that was down on Monday morning sends it when it
 * is back, that same week.
 */
export async function queueWeeklySummaries(options: Omit<WeeklySummaryOptions, 'intervalMs'>, now: Date): Promise<number> {
  const { db, reader, timeZone, siteUrl } = options;
  const thisMonday = mondayOf(now, timeZone);
  if (!pastLocalHour(now, thisMonday, timeZone, SEND_FROM_HOUR)) return 0;
  const readers = (await listWeeklySummaryReaders(db)).filter((r) => isRole(r.role) && can(r.role, 'analytics.view'));
  if (!readers.length) return 0;
  const week = { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) };
  const weekBefore = { from: addDays(thisMonday, -14), to: addDays(thisMonday, -8) };
  const company = await options.companyName();
  const waiting = await countLeadsWaitingSince(db, new Date(now.getTime() - 24 * HOUR_MS).toISOString());
  // Two versions of the figures at most (with and without leads), read once, whatever the number of readers.
  const figures = new Map<boolean, Promise<[AnalyticsReport, AnalyticsReport]>>();
  const figuresFor = (withLeads: boolean) => {
    if (!figures.has(withLeads))
      figures.set(withLeads, Promise.all([reader.report(week, withLeads), reader.report(weekBefore, withLeads)]));
    return figures.get(withLeads)!;
  };
  let queued = 0;
  for (const person of readers) {
    const withLeads = isRole(person.role) && can(person.role, 'leads.view');
    const [report, before] = await figuresFor(withLeads);
    const payload = weeklySummaryEmail(report, before, withLeads ? waiting : null, person.email, company, siteUrl);
    const claim = (trx: typeof db) => claimWeeklySummary(trx, week.from, person.id);
    if (await queueStaffEmailOnce(db, claim, { kind: 'analytics-summary', personId: person.id, payload }, now)) queued += 1;
  }
  return queued;
}

export function startWeeklySummaries(options: WeeklySummaryOptions): PeriodicJob {
  const now = options.now ?? (() => new Date());
  return startStaffEmailJob(() => queueWeeklySummaries(options, now()), {
    logger: options.logger,
    intervalMs: options.intervalMs ?? HOUR_MS,
    queuedLog: 'analytics: weekly summaries queued',
    failure: 'analytics: could not queue the weekly summaries; will try again',
  });
}
