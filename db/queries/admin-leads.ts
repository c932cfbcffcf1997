import { type ExpressionBuilder, sql } from 'kysely';
import { LEAD_STATUSES, type LeadStatus, type LeadSummary, type LeadType } from '../../shared/admin.ts';
import type { Cursor } from '../../shared/cursor.ts';
import type { Db } from '../database.ts';
import type { ContactRow, Database, QuoteRow } from '../types.ts';
import { type OutboxEntry, toOutboxEntry } from './outbox.ts';
import { afterKey } from './predicates.ts';

export type LeadTable = 'quotes' | 'contacts';

/** The columns the inbox and the dashboard list, the same for both tables. */
interface LeadListRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  status: string;
  created_at: string;
}

export interface LeadListQuery {
  status?: string;
  service?: string;
  /** ISO bounds on created_at: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Case-insensitive substring of name, email or company. */
  q?: string;
  /** Keyset: rows strictly after this (created_at, id) in newest-first order. */
  after?: Cursor;
  /** Oldest first instead of newest first (the "waiting longest" list). */
  oldestFirst?: boolean;
  limit: number;
}

const LIST_COLUMNS = ['id', 'name', 'email', 'company', 'service', 'status', 'created_at'] as const;

/** `%` and `_` typed by staff are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const LEAD_TABLES: Record<LeadType, LeadTable> = { quote: 'quotes', contact: 'contacts' };

function toStatus(value: string): LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value) ? (value as LeadStatus) : 'new';
}

export function toLeadSummary(type: LeadType, row: LeadListRow): LeadSummary {
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

/** One type's page of leads, filtered and keyset-paged on (created_at, id). */
export async function listLeadSummaries(db: Db, type: LeadType, q: LeadListQuery): Promise<LeadSummary[]> {
  // Both tables share these columns; Kysely cannot type a query over a union of table names.
  let query = db.selectFrom(LEAD_TABLES[type] as 'quotes').select([...LIST_COLUMNS]);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.service) query = query.where('service', '=', q.service);
  if (q.from) query = query.where('created_at', '>=', q.from);
  if (q.to) query = query.where('created_at', '<', q.to);
  if (q.q) {
    const pattern = likePattern(q.q);
    // SQLite has no default LIKE escape character; PostgreSQL's is the same backslash.
    query = query.where((eb) =>
      eb.or(
        (['name', 'email', 'company'] as const).map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
      ),
    );
  }
  const direction = q.oldestFirst ? 'asc' : 'desc';
  if (q.after) query = query.where(afterKey('created_at', q.after, direction));
  const rows = await query.orderBy('created_at', direction).orderBy('id', direction).limit(q.limit).execute();
  return rows.map((row) => toLeadSummary(type, row));
}

export async function countRows(db: Db, table: LeadTable | 'blogs', where?: { status: string }): Promise<number> {
  let query = db.selectFrom(table as 'quotes').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) query = query.where('status', '=', where.status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** COUNT(*) of leads created in [from, to), served by the created_at index. */
export async function countCreatedBetween(db: Db, table: LeadTable, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom(table as 'quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findQuote(db: Db, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findContact(db: Db, id: string): Promise<ContactRow | undefined> {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets status and/or notes; returns whether the lead exists. */
export async function updateLeadRow(
  db: Db,
  table: LeadTable,
  id: string,
  patch: { status?: string; notes?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable(table as 'quotes')
    .set(patch)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Erases a lead and its notification rows (which carry its personal data); run it in a transaction, so they go
 * together. Returns whether the lead existed.
 */
export async function deleteLeadRow(trx: Db, table: LeadTable, leadType: string, id: string): Promise<boolean> {
  await trx.deleteFrom('outbox').where('lead_type', '=', leadType).where('lead_id', '=', id).execute();
  const result = await trx
    .deleteFrom(table as 'quotes')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listOutboxForLead(db: Db, leadType: string, leadId: string): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where('lead_type', '=', leadType)
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map(toOutboxEntry);
}

/** A notification that failed (for good, or last time and waits to be retried): the dashboard lists and counts these. */
const isFailure = (eb: ExpressionBuilder<Database, 'outbox'>) => eb.or([eb('status', '=', 'failed'), eb('last_error', 'is not', null)]);

function outboxFailures(db: Db) {
  return db.selectFrom('outbox').where('delivered_at', 'is', null).where(isFailure);
}

/** The newest failures first. */
export async function listOutboxFailures(db: Db, limit: number): Promise<OutboxEntry[]> {
  const rows = await outboxFailures(db).selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toOutboxEntry);
}

export async function countOutboxFailures(db: Db): Promise<number> {
  const row = await outboxFailures(db).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Puts undelivered notifications back in the queue, due now: one (`id`) or every failure. A row a worker is
 * sending at this moment is left to it: clearing its claim would let another instance send it a second time.
 */
export async function requeueOutbox(db: Db, target: { id: string } | 'failures', now: string): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now })
    .where('delivered_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .where((eb) => (target === 'failures' ? isFailure(eb) : eb('id', '=', target.id)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
