import type { Db } from '../../db/database.ts';
import {
  type LeadListQuery,
  deleteLeadRow,
  findContact,
  findQuote,
  LEAD_TABLES,
  listLeadSummaries,
  toLeadSummary,
  listOutboxForLead,
  requeueOutbox,
  updateLeadRow,
} from '../../db/queries/admin-leads.ts';
import type { OutboxEntry } from '../../db/queries/outbox.ts';
import {
  LEAD_TRANSITIONS,
  LEAD_TYPE_LABELS,
  type LeadDetail,
  type LeadFilter,
  type LeadPage,
  type LeadSummary,
  type LeadType,
  type NotificationState,
  type AuditPage,
  type AuditQuery,
  type DashboardData,
} from '../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../shared/messages.ts';
import { CONTACT_FIELDS, type LeadField, type LeadLine, QUOTE_COLUMN_FIELDS, fieldLines, serviceName } from '../../shared/lead-fields.ts';
import { formatLeadDetails } from '../../shared/quote-fields.ts';
import type { LeadUpdate } from '../../shared/schemas/admin-leads.ts';
import { AppError } from '../errors.ts';
import { type Actor, listAuditPage, recordAudit, withAudit } from '../audit/audit-log.ts';
import { csvRow } from './csv.ts';
import { getDashboard } from './dashboard.ts';
import type { BlogPostCounts } from '../blog/blog-service.ts';
import { type Cursor, encodeCursor } from '../../shared/cursor.ts';
import { cursorParam } from '../http/keyset-cursor.ts';
import { addDays, startOfDay } from '../../shared/zoned-time.ts';

export const LEADS_PAGE_SIZE = 25;

/** The query for one table from the inbox filter; dates are whole days in the company's time zone. */
function toListQuery(filter: LeadFilter, timeZone: string, limit: number): Omit<LeadListQuery, 'after'> {
  return {
    status: filter.status,
    service: filter.service || undefined,
    from: filter.from ? startOfDay(filter.from, timeZone).toISOString() : undefined,
    to: filter.to ? startOfDay(addDays(filter.to, 1), timeZone).toISOString() : undefined,
    q: filter.q?.trim() || undefined,
    limit,
  };
}

/**
 * Newest first across both tables: each table gives its next `limit + 1` rows by the same keyset and the two
 * sorted runs are merged, so every page costs two index range scans whatever its depth.
 */
async function mergedPage(
  db: Db,
  filter: LeadFilter,
  timeZone: string,
  limit: number,
  after: Cursor | null,
): Promise<{ leads: LeadSummary[]; hasMore: boolean }> {
  const types = filter.type ? [filter.type] : (['quote', 'contact'] as const);
  const query = { ...toListQuery(filter, timeZone, limit + 1), ...(after ? { after } : {}) };
  const runs = await Promise.all(
    types.map((type) => listLeadSummaries(db, type, query)),
  );
  const merged = runs
    .flat()
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  return { leads: merged.slice(0, limit), hasMore: merged.length > limit };
}

async function listLeads(db: Db, filter: LeadFilter, cursor: string | undefined, timeZone: string): Promise<LeadPage> {
  const { leads, hasMore } = await mergedPage(db, filter, timeZone, LEADS_PAGE_SIZE, cursorParam(cursor));
  const last = leads.at(-1);
  return { leads, nextCursor: hasMore && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null };
}

/** A row's catalogue fields as labelled lines, read from their stored columns. */
function rowLines(row: object, fields: readonly LeadField[]): LeadLine[] {
  const columns: Record<string, unknown> = { ...row };
  return fieldLines(fields, (f) => (f.column ? columns[f.column] : undefined));
}

function toNotification(entry: OutboxEntry): NotificationState {
  return {
    id: entry.id,
    kind: entry.kind,
    status: entry.deliveredAt ? 'delivered' : entry.status,
    attempts: entry.attempts,
    lastError: entry.lastError,
    deliveredAt: entry.deliveredAt,
    nextAttemptAt: entry.nextAttemptAt,
  };
}

function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One lead with every field under a readable label, its notes and its notifications' delivery state. */
async function getLead(db: Db, type: LeadType, id: string): Promise<LeadDetail | null> {
  const row = type === 'quote' ? await findQuote(db, id) : await findContact(db, id);
  if (!row) return null;
  let fields: LeadLine[];
  if ('details' in row) {
    fields = [...rowLines(row, QUOTE_COLUMN_FIELDS), ...formatLeadDetails(row.service, parseDetails(row.details))];
  } else {
    fields = rowLines(row, CONTACT_FIELDS);
  }
  const notifications = (await listOutboxForLead(db, type, id)).map(toNotification);
  return {
    ...toLeadSummary(type, row),
    fields,
    notes: row.notes ?? '',
    submittedAt: row.submitted_at,
    notifications,
  };
}

function leadTarget(type: LeadType, id: string): string {
  return `${type}:${id}`;
}

/** Changes status (along the workflow only) and/or notes; status changes are audited. */
async function updateLead(db: Db, actor: Actor, type: LeadType, id: string, patch: LeadUpdate): Promise<LeadDetail> {
  const lead = await getLead(db, type, id);
  if (!lead) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
  const statusChanges = patch.status !== undefined && patch.status !== lead.status;
  if (statusChanges && !LEAD_TRANSITIONS[lead.status].includes(patch.status!)) {
    throw new AppError('INVALID_ARGUMENT', ADMIN_MESSAGES.statusNotAllowed);
  }
  const changes = {
    ...(statusChanges ? { status: patch.status } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes.trim() || null } : {}),
  };
  if (Object.keys(changes).length === 0) return lead;
  await db.transaction().execute(async (trx) => {
    await updateLeadRow(trx, LEAD_TABLES[type], id, changes);
    if (statusChanges) await recordAudit(trx, actor, 'lead.status', `${leadTarget(type, id)} ${lead.status} → ${patch.status}`);
  });
  return (await getLead(db, type, id))!;
}

/** Erases a lead (the right to erasure); the audit keeps who and when, not the person's data. */
async function deleteLead(db: Db, actor: Actor, type: LeadType, id: string): Promise<void> {
  await withAudit(db, actor, 'lead.deleted', async (trx) => {
    if (!(await deleteLeadRow(trx, LEAD_TABLES[type], type, id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
  }, () => leadTarget(type, id));
}

async function retryNotification(db: Db, actor: Actor, outboxId: string): Promise<void> {
  await withAudit(db, actor, 'outbox.retried', async (trx) => {
    if (!(await requeueOutbox(trx, { id: outboxId }, new Date().toISOString()))) {
      throw new AppError('NOT_FOUND', ADMIN_MESSAGES.notificationGone);
    }
  }, () => outboxId);
}

/** "Retry all now": every failed notification is due again at once; returns how many. */
function retryAllNotifications(db: Db, actor: Actor): Promise<number> {
  return withAudit(db, actor, 'outbox.retried-all', (trx) => requeueOutbox(trx, 'failures', new Date().toISOString()), (requeued) => `${requeued} notifications`);
}

const EXPORT_BATCH = 1000;

/** The lead fields both kinds share, as the CSV's last columns (headed with the catalogue's labels). */
const CSV_FIELDS = ['name', 'email', 'company', 'service'] as const;

/** The filtered list as CSV, every page of it, streamed in batches so a large export never sits in memory. */
async function* exportLeadsCsv(db: Db, actor: Actor, filter: LeadFilter, timeZone: string): AsyncGenerator<string> {
  await recordAudit(db, actor, 'leads.exported', JSON.stringify(filter));
  const label = (name: string) => CONTACT_FIELDS.find((f) => f.name === name)!.label;
  yield csvRow(['Type', 'Received', 'Status', ...CSV_FIELDS.map(label)]);
  let after: Cursor | null = null;
  for (;;) {
    const { leads, hasMore } = await mergedPage(db, filter, timeZone, EXPORT_BATCH, after);
    yield leads
      .map((l) => csvRow([LEAD_TYPE_LABELS[l.type], l.createdAt, l.status, l.name, l.email, l.company, serviceName(l.service)]))
      .join('');
    const last = leads.at(-1);
    if (!hasMore || !last) return;
    after = { at: last.createdAt, id: last.id };
  }
}

/** The inbox: staff work the leads (list, read, move along the workflow, erase, export) and see the dashboard. */
export interface InboxService {
  list(filter: LeadFilter, cursor?: string): Promise<LeadPage>;
  get(type: LeadType, id: string): Promise<LeadDetail | null>;
  /** Changes status (along the workflow only) and/or notes; a status change is audited with it. */
  update(actor: Actor, type: LeadType, id: string, patch: LeadUpdate): Promise<LeadDetail>;
  /** Erases a lead (the right to erasure); the audit keeps who and when, not the person's data. */
  remove(actor: Actor, type: LeadType, id: string): Promise<void>;
  retryNotification(actor: Actor, outboxId: string): Promise<void>;
  /** "Retry all now": every failed notification is due again at once; returns how many. */
  retryAllNotifications(actor: Actor): Promise<number>;
  /** The filtered list as CSV, streamed in batches; the export is audited. */
  exportCsv(actor: Actor, filter: LeadFilter): AsyncGenerator<string>;
  dashboard(): Promise<DashboardData>;
  /** The audit log, newest first (staff read it from the inbox's menu). */
  auditPage(query: AuditQuery): Promise<AuditPage>;
}

export interface InboxDeps {
  db: Db;
  /** The company's time zone: filter dates and the weekly chart are whole days there. */
  timeZone: string;
  /** The blog's counts, shown on the dashboard beside the leads'. */
  countPosts: () => Promise<BlogPostCounts>;
}

export function createInboxService({ db, timeZone, countPosts }: InboxDeps): InboxService {
  return {
    list: (filter, cursor) => listLeads(db, filter, cursor, timeZone),
    get: (type, id) => getLead(db, type, id),
    update: (actor, type, id, patch) => updateLead(db, actor, type, id, patch),
    remove: (actor, type, id) => deleteLead(db, actor, type, id),
    retryNotification: (actor, outboxId) => retryNotification(db, actor, outboxId),
    retryAllNotifications: (actor) => retryAllNotifications(db, actor),
    exportCsv: (actor, filter) => exportLeadsCsv(db, actor, filter, timeZone),
    dashboard: () => getDashboard(db, timeZone, countPosts),
    auditPage: (query) => listAuditPage(db, query),
  };
}
