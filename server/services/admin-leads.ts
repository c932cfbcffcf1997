import type { Db } from '../../db/database.ts';
import {
  type LeadListQuery,
  type LeadListRow,
  type LeadTable,
  deleteLeadRow,
  findContact,
  findQuote,
  listLeadRows,
  listOutboxForLead,
  requeueOutbox,
  updateLeadRow,
} from '../../db/queries/admin-leads.ts';
import type { OutboxRow } from '../../db/types.ts';
import {
  LEAD_STATUSES,
  LEAD_TRANSITIONS,
  LEAD_TYPE_LABELS,
  type LeadDetail,
  type LeadField,
  type LeadFilter,
  type LeadPage,
  type LeadStatus,
  type LeadSummary,
  type LeadType,
  type NotificationState,
} from '../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-messages.ts';
import { formatLeadDetails, serviceName } from '../../shared/quote-fields.ts';
import type { LeadUpdate } from '../../shared/schemas/admin-leads.ts';
import { AppError } from '../errors.ts';
import { type Actor, recordAudit } from './audit.ts';
import { csvRow } from './csv.ts';
import { decodeCursor, encodeCursor } from './keyset-cursor.ts';
import { addDays, startOfDay } from '../../shared/zoned-time.ts';

export const LEADS_PAGE_SIZE = 25;

const TABLES: Record<LeadType, LeadTable> = { quote: 'quotes', contact: 'contacts' };

function toStatus(value: string): LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value) ? (value as LeadStatus) : 'new';
}

export function toSummary(type: LeadType, row: LeadListRow): LeadSummary {
  return {
    type,
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    service: row.service,
    status: toStatus(row.status),
    createdAt: row.created_at,
  };
}

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
  after: { createdAt: string; id: string } | undefined,
): Promise<{ leads: LeadSummary[]; hasMore: boolean }> {
  const types = filter.type ? [filter.type] : (['quote', 'contact'] as const);
  const query = { ...toListQuery(filter, timeZone, limit + 1), after };
  const runs = await Promise.all(
    types.map(async (type) => (await listLeadRows(db, TABLES[type], query)).map((row) => toSummary(type, row))),
  );
  const merged = runs
    .flat()
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  return { leads: merged.slice(0, limit), hasMore: merged.length > limit };
}

export async function listLeads(db: Db, filter: LeadFilter, cursor: string | undefined, timeZone: string): Promise<LeadPage> {
  const { leads, hasMore } = await mergedPage(db, filter, timeZone, LEADS_PAGE_SIZE, decodeCursor(cursor));
  const last = leads.at(-1);
  return { leads, nextCursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

const QUOTE_LABELS = [
  ['service', 'Service'],
  ['name', 'Full Name'],
  ['email', 'Email'],
  ['company', 'Company'],
  ['phone', 'Phone'],
  ['company_size', 'Company size'],
  ['budget', 'Budget'],
  ['timeline', 'Timeline'],
  ['start_date', 'Start date'],
  ['completion_date', 'Completion date'],
  ['description', 'Project description'],
] as const;

const CONTACT_LABELS = [
  ['name', 'Full Name'],
  ['email', 'Email'],
  ['company', 'Company'],
  ['service', 'Service'],
  ['message', 'Message'],
] as const;

function fieldsOf(row: Record<string, unknown>, labels: ReadonlyArray<readonly [string, string]>): LeadField[] {
  return labels
    .filter(([column]) => row[column] !== null && row[column] !== undefined && row[column] !== '')
    .map(([column, label]) => ({ label, value: column === 'service' ? serviceName(String(row[column])) : String(row[column]) }));
}

function toNotification(row: OutboxRow): NotificationState {
  return {
    id: row.id,
    kind: row.kind,
    status: row.delivered_at ? 'delivered' : row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    nextAttemptAt: row.next_attempt_at,
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
export async function getLead(db: Db, type: LeadType, id: string): Promise<LeadDetail | null> {
  const row = type === 'quote' ? await findQuote(db, id) : await findContact(db, id);
  if (!row) return null;
  let fields: LeadField[];
  if ('details' in row) {
    const details = formatLeadDetails(row.service, parseDetails(row.details)).map(({ label, value }) => ({ label, value }));
    fields = [...fieldsOf(row, QUOTE_LABELS), ...details];
  } else {
    fields = fieldsOf(row, CONTACT_LABELS);
  }
  const notifications = (await listOutboxForLead(db, type, id)).map(toNotification);
  return {
    ...toSummary(type, row),
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
export async function updateLead(db: Db, actor: Actor, type: LeadType, id: string, patch: LeadUpdate): Promise<LeadDetail> {
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
  await updateLeadRow(db, TABLES[type], id, changes);
  if (statusChanges) await recordAudit(db, actor, 'lead.status', `${leadTarget(type, id)} ${lead.status} → ${patch.status}`);
  return (await getLead(db, type, id))!;
}

/** Erases a lead (the right to erasure); the audit keeps who and when, not the person's data. */
export async function deleteLead(db: Db, actor: Actor, type: LeadType, id: string): Promise<void> {
  if (!(await deleteLeadRow(db, TABLES[type], type, id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
  await recordAudit(db, actor, 'lead.deleted', leadTarget(type, id));
}

export async function retryNotification(db: Db, actor: Actor, outboxId: string): Promise<void> {
  if (!(await requeueOutbox(db, outboxId, new Date().toISOString()))) {
    throw new AppError('NOT_FOUND', 'That notification was delivered or no longer exists.');
  }
  await recordAudit(db, actor, 'outbox.retried', outboxId);
}

const EXPORT_BATCH = 1000;

/** The filtered list as CSV, every page of it, streamed in batches so a large export never sits in memory. */
export async function* exportLeadsCsv(db: Db, actor: Actor, filter: LeadFilter, timeZone: string): AsyncGenerator<string> {
  await recordAudit(db, actor, 'leads.exported', JSON.stringify(filter));
  yield csvRow(['Type', 'Received', 'Status', 'Name', 'Email', 'Company', 'Service']);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const { leads, hasMore } = await mergedPage(db, filter, timeZone, EXPORT_BATCH, after);
    yield leads
      .map((l) => csvRow([LEAD_TYPE_LABELS[l.type], l.createdAt, l.status, l.name, l.email, l.company, serviceName(l.service)]))
      .join('');
    const last = leads.at(-1);
    if (!hasMore || !last) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
