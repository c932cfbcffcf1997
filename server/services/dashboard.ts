import type { Db } from '../../db/database.ts';
import { countCreatedBetween, countRows, listLeadRows, listOutboxFailures } from '../../db/queries/admin-leads.ts';
import type { DashboardData, LeadSummary, OutboxFailure, WeeklyLeads } from '../../shared/admin.ts';
import { toSummary } from './admin-leads.ts';
import type { BlogPostCounts } from './blog.ts';
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
  const [quotes, contacts] = await Promise.all([listLeadRows(db, 'quotes', query), listLeadRows(db, 'contacts', query)]);
  return [...quotes.map((r) => toSummary('quote', r)), ...contacts.map((r) => toSummary('contact', r))]
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
  const [quotes, contacts, posts, recent, newLeads, newQuotes, newContacts, failures, weekly] = await Promise.all([
    countRows(db, 'quotes'),
    countRows(db, 'contacts'),
    countPosts(),
    listLeadRows(db, 'quotes', { limit: RECENT_QUOTES }),
    waitingLeads(db),
    countRows(db, 'quotes', { status: 'new' }),
    countRows(db, 'contacts', { status: 'new' }),
    listOutboxFailures(db, OUTBOX_FAILURES_SHOWN),
    weeklyLeads(db, timeZone, now),
  ]);
  const outboxFailures: OutboxFailure[] = failures.map((r) => ({
    id: r.id,
    kind: r.kind,
    leadType: r.lead_type === 'contact' ? 'contact' : 'quote',
    leadId: r.lead_id,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
  }));
  return {
    counts: { quotes, contacts, ...posts },
    recentQuotes: recent.map((r) => toSummary('quote', r)),
    newLeads,
    newLeadCount: newQuotes + newContacts,
    outboxFailures,
    weekly,
  };
}
