import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { ContactRow, OutboxRow, QuoteRow } from '../types.ts';

export type LeadTable = 'quotes' | 'contacts';

/** The columns the inbox and the dashboard list, the same for both tables. */
export interface LeadListRow {
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
  after?: { createdAt: string; id: string };
  /** Oldest first instead of newest first (the "waiting longest" list). */
  oldestFirst?: boolean;
  limit: number;
}

const LIST_COLUMNS = ['id', 'name', 'email', 'company', 'service', 'status', 'created_at'] as const;

/** `%` and `_` typed by staff are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One table's page of leads, filtered and keyset-paged on (created_at, id). */
export function listLeadRows(db: Db, table: LeadTable, q: LeadListQuery): Promise<LeadListRow[]> {
  // Both tables share these columns; Kysely cannot type a query over a union of table names.
  let query = db.selectFrom(table as 'quotes').select([...LIST_COLUMNS]);
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
  if (q.after) {
    const { createdAt, id } = q.after;
    const cmp = q.oldestFirst ? '>' : '<';
    query = query.where((eb) =>
      eb.or([eb('created_at', cmp, createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', cmp, id)])]),
    );
  }
  const direction = q.oldestFirst ? 'asc' : 'desc';
  return query.orderBy('created_at', direction).orderBy('id', direction).limit(q.limit).execute();
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

/** Erases a lead and its notification rows (which carry its personal data) together. */
export function deleteLeadRow(db: Db, table: LeadTable, leadType: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('outbox').where('lead_type', '=', leadType).where('lead_id', '=', id).execute();
    const result = await trx
      .deleteFrom(table as 'quotes')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export function listOutboxForLead(db: Db, leadType: string, leadId: string): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('lead_type', '=', leadType)
    .where('lead_id', '=', leadId)
    .orderBy('created_at', 'asc')
    .execute();
}

/** Notifications that failed and were not delivered since, newest first. */
export function listOutboxFailures(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('delivered_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb('last_error', 'is not', null)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Puts an undelivered notification back in the queue, due now. */
export async function requeueOutbox(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now, locked_until: null })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
