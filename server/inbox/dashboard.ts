import type { Db } from '../../db/database.ts';
import { countCreatedBetween, countOutboxFailures, countRows, listLeadSummaries, listOutboxFailures } from '../../db/queries/admin-leads.ts';
import type { DashboardData, LeadSummary, OutboxFailure, WeeklyLeads } from '../../shared/admin.ts';
import type { BlogPostCounts } from '../blog/blog-service.ts';
import { addDays, mondayOf, startOfDay } from '../../shared/zoned-time.ts';

const RECENT_QUOTES = 5;
const NEW_LEADS_SHOWN = 10;
const OUTBOX_FAILURES_SHOWN = 10;
const CHART_WEEKS = 12;

/** Leads per week (Monday to Sunday in the company's time zone) for the last 12 weeks, this week last. */
async function weeklyLeads(db: Db, timeZone: string, now: Date): Promise<WeeklyLeads[]> {
  const firstMonday = addDays(mondayOf(now, timeZone), -7 * (CHART_WEEKS - 1));
  const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => addDays(firstMonday, 7 * i));
  return Promise.all(
    weeks.map(async (weekStart) => {
      const from = startOfDay(weekStart, timeZone).toISOString();
      const to = startOfDay(addDays(weekStart, 7), timeZone).toISOString();
      const [quotes, contacts] = await Promise.all([
        countCreatedBetween(db, 'quotes', from, to),
        countCreatedBetween(db, 'contacts', from, to),
      ]);
      return { weekStart, quotes, contacts };
    }),
  );
}

/** The new leads waiting longest, across both tables. */
async function waitingLeads(db: Db): Promise<LeadSummary[]> {
  const query = { status: 'new', oldestFirst: true, limit: NEW_LEADS_SHOWN };
  const [quotes, contacts] = await Promise.all([listLeadSummaries(db, 'quote', query), listLeadSummaries(db, 'contact', query)]);
  return [...quotes, ...contacts]
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
    .slice(0, NEW_LEADS_SHOWN);
}

/** Everything the dashboard shows; every number is a COUNT(*), never a full read. */
export async function getDashboard(
  db: Db,
  timeZone: string,
  countPosts: () => Promise<BlogPostCounts>,
  now: Date = new Date(),
): Promise<DashboardData> {
  const [quotes, contacts, posts, recent, newLeads, newQuotes, newContacts, failures, failureCount, weekly] = await Promise.all([
    countRows(db, 'quotes'),
    countRows(db, 'contacts'),
    countPosts(),
    listLeadSummaries(db, 'quote', { limit: RECENT_QUOTES }),
    waitingLeads(db),
    countRows(db, 'quotes', { status: 'new' }),
    countRows(db, 'contacts', { status: 'new' }),
    listOutboxFailures(db, OUTBOX_FAILURES_SHOWN),
    countOutboxFailures(db),
    weeklyLeads(db, timeZone, now),
  ]);
  const outboxFailures: OutboxFailure[] = failures.map((r) => ({
    id: r.id,
    kind: r.kind,
    leadType: r.leadType === 'contact' ? 'contact' : 'quote',
    leadId: r.leadId,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
  }));
  return {
    counts: { quotes, contacts, ...posts },
    recentQuotes: recent,
    newLeads,
    newLeadCount: newQuotes + newContacts,
    outboxFailures,
    outboxFailureCount: failureCount,
    weekly,
  };
}
