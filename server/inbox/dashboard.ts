import type { Db } from '../../db/database.ts';
import {
  countAssignedTo,
  countCreatedBetween,
  countLeads,
  countReleasedLeads,
  listFollowUpsDue,
  listLeadSummaries,
} from '../../db/queries/admin-leads.ts';
import { countOutboxFailures, countPendingByKind, listOutboxFailures } from '../../db/queries/outbox.ts';
import {
  type DashboardData,
  LEAD_TYPES,
  type LeadSummary,
  type OutboxFailure,
  type PendingDelivery,
  type WeeklyLeads,
} from '../../shared/admin.ts';
import type { Config } from '../core/config.ts';
import { HELD } from './lead-list.ts';
import { addDays, localDate, mondayOf, startOfDay } from '../../shared/zoned-time.ts';

const RECENT_QUOTES = 5;
const NEW_LEADS_SHOWN = 10;
const OUTBOX_FAILURES_SHOWN = 10;
const CHART_WEEKS = 12;
const FOLLOW_UPS_SHOWN = 10;

/** Where lead notifications go, and which channels this instance can deliver on (from the configuration). */
export interface DeliverySettings {
  siteUrl: string;
  staffEmail: string;
  hasSmtp: boolean;
  hasWebhook: boolean;
}

export function deliverySettings(config: Pick<Config, 'SITE_URL' | 'STAFF_EMAIL' | 'SMTP_URL' | 'WEBHOOK_URL'>): DeliverySettings {
  return {
    siteUrl: config.SITE_URL,
    staffEmail: config.STAFF_EMAIL,
    hasSmtp: Boolean(config.SMTP_URL),
    hasWebhook: Boolean(config.WEBHOOK_URL),
  };
}

/** Leads per week (Monday to Sunday in the company's time zone) for the last 12 weeks, this week last. */
async function weeklyLeads(db: Db, timeZone: string, now: Date): Promise<WeeklyLeads[]> {
  const firstMonday = addDays(mondayOf(now, timeZone), -7 * (CHART_WEEKS - 1));
  const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => addDays(firstMonday, 7 * i));
  return Promise.all(
    weeks.map(async (weekStart) => {
      const from = startOfDay(weekStart, timeZone).toISOString();
      const to = startOfDay(addDays(weekStart, 7), timeZone).toISOString();
      const [quotes, contacts] = await Promise.all([
        countCreatedBetween(db, 'quote', from, to),
        countCreatedBetween(db, 'contact', from, to),
      ]);
      return { weekStart, quotes, contacts };
    }),
  );
}

/** The new leads waiting longest, across both tables: the list under "Waiting for a reply ({n})". */
async function waitingLeads(db: Db): Promise<LeadSummary[]> {
  const query = { status: 'new', oldestFirst: true, limit: NEW_LEADS_SHOWN };
  const [quotes, contacts] = await Promise.all([listLeadSummaries(db, 'quote', query), listLeadSummaries(db, 'contact', query)]);
  return [...quotes, ...contacts].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).slice(0, NEW_LEADS_SHOWN);
}

/** The open leads to follow up today or earlier: the viewer's own first, each part earliest first. */
async function followUpsDue(db: Db, viewerId: string, today: string): Promise<LeadSummary[]> {
  const [mine, all] = await Promise.all([
    Promise.all(LEAD_TYPES.map((type) => listFollowUpsDue(db, type, today, FOLLOW_UPS_SHOWN, viewerId))),
    Promise.all(LEAD_TYPES.map((type) => listFollowUpsDue(db, type, today, FOLLOW_UPS_SHOWN))),
  ]);
  const earliest = (a: LeadSummary, b: LeadSummary) => (a.followUpOn! < b.followUpOn! ? -1 : a.followUpOn! > b.followUpOn! ? 1 : 0);
  const others = all.flat().filter((l) => l.assignee?.id !== viewerId);
  return [...mine.flat().sort(earliest), ...others.sort(earliest)].slice(0, FOLLOW_UPS_SHOWN);
}

async function pendingDelivery(db: Db, delivery: DeliverySettings): Promise<PendingDelivery> {
  const byKind = await countPendingByKind(db);
  return {
    emails: (byKind['staff-email'] ?? 0) + (byKind['customer-email'] ?? 0),
    webhooks: byKind.webhook ?? 0,
    hasSmtp: delivery.hasSmtp,
    hasWebhook: delivery.hasWebhook,
  };
}

/** The dashboard's lead figures, spam left out; every number is a COUNT(*), never a full read. */
export async function getDashboard(
  db: Db,
  viewerId: string,
  timeZone: string,
  delivery: DeliverySettings,
  now: Date = new Date(),
): Promise<DashboardData> {
  const recent = await listLeadSummaries(db, 'quote', { limit: RECENT_QUOTES, excludeSpam: true });
  const [assigned, released, dueFollowUps] = await Promise.all([
    Promise.all(LEAD_TYPES.map((type) => countAssignedTo(db, type, viewerId))),
    Promise.all(LEAD_TYPES.map((type) => countReleasedLeads(db, type))),
    followUpsDue(db, viewerId, localDate(now, timeZone)),
  ]);
  const [quotes, contacts, newLeads, newQuotes, newContacts, heldQuotes, heldContacts, failures, failureCount, pending, weekly] =
    await Promise.all([
      countLeads(db, 'quote', 'not-spam'),
      countLeads(db, 'contact', 'not-spam'),
      waitingLeads(db),
      countLeads(db, 'quote', { status: 'new' }),
      countLeads(db, 'contact', { status: 'new' }),
      countLeads(db, 'quote', HELD),
      countLeads(db, 'contact', HELD),
      listOutboxFailures(db, OUTBOX_FAILURES_SHOWN),
      countOutboxFailures(db),
      pendingDelivery(db, delivery),
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
    counts: { quotes, contacts },
    recentQuotes: recent,
    newLeads,
    newLeadCount: newQuotes + newContacts,
    heldLeadCount: heldQuotes + heldContacts,
    assignedToYou: assigned.reduce((sum, n) => sum + n, 0),
    releasedLeadCount: released.reduce((sum, n) => sum + n, 0),
    followUpsDue: dueFollowUps,
    outboxFailures,
    outboxFailureCount: failureCount,
    pending,
    weekly,
  };
}
