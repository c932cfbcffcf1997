import { type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import {
  LEAD_OUTCOMES,
  LEAD_STATUSES,
  LEAD_TYPES,
  LOST_REASONS,
  type LeadStatus,
  type LeadSummary,
  type LeadType,
  type LostReason,
} from '../../shared/admin.ts';
import type { Cursor } from '../../shared/cursor.ts';
import type { StoredLead } from '../../shared/leads.ts';
import type { Db } from '../database.ts';
import type { Selectable } from 'kysely';
import type { ContactsTable, Database, LeadWorkColumns } from '../types.ts';
import { LEAD_BELONGINGS, contactFromRow, quoteFromRow, toSpamReason } from './leads.ts';
import { afterKey, containsLiteral } from './predicates.ts';

type LeadTable = 'quotes' | 'contacts';

/** The columns the inbox and the dashboard list, the same for both tables (contacts' `service` may be null). */
type LeadListRow = Pick<ContactsTable, (typeof LIST_COLUMNS)[number]> & { assignee_name: string | null } & Selectable<LeadWorkColumns>;

export interface LeadListQuery {
  status?: string;
  /** With status `spam`: only those held for this reason. */
  spamReason?: string;
  /** Leave spam out (the dashboard's lists). */
  excludeSpam?: boolean;
  service?: string;
  /** ISO bounds on created_at: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Case-insensitive substring of name, email or company. */
  q?: string;
  /** Only the leads assigned to this staff account. */
  assignedTo?: string;
  /** Keyset: rows strictly after this (created_at, id) in newest-first order. */
  after?: Cursor;
  /** Oldest first instead of newest first (the "waiting longest" list). */
  oldestFirst?: boolean;
  limit: number;
}

const LIST_COLUMNS = ['id', 'name', 'email', 'company', 'service', 'status', 'spam_reason', 'created_at'] as const;

const WORK_COLUMNS = ['assigned_to', 'won_value', 'lost_reason', 'follow_up_on', 'follow_up_note'] as const;

/** How a lead ended and when to follow it up, as stored (a reason outside the list reads as none). */
function outcomeOf(row: Omit<Selectable<LeadWorkColumns>, 'assigned_to'>): Omit<LeadWork, 'assignee'> {
  const reason = LOST_REASONS.find((r) => r === row.lost_reason) ?? null;
  return {
    wonValue: row.won_value === null ? null : Number(row.won_value),
    lostReason: reason,
    followUpOn: row.follow_up_on,
    followUpNote: row.follow_up_note,
  };
}

/** Callers name a lead's type; which table holds it stays in db/. */
const LEAD_TABLES: Record<LeadType, LeadTable> = { quote: 'quotes', contact: 'contacts' };

function toStatus(value: string): LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value) ? (value as LeadStatus) : 'new';
}

function toLeadSummary(type: LeadType, row: LeadListRow): LeadSummary {
  return {
    type,
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    service: row.service,
    status: toStatus(row.status),
    spamReason: toSpamReason(row.spam_reason),
    assignee: row.assigned_to && row.assignee_name !== null ? { id: row.assigned_to, name: row.assignee_name } : null,
    ...outcomeOf(row),
    createdAt: row.created_at,
  };
}

/** How staff are working a lead: who has it and how it ended. */
export type LeadWork = Pick<LeadSummary, 'assignee' | 'wonValue' | 'lostReason' | 'followUpOn' | 'followUpNote'>;

export const NO_WORK: LeadWork = { assignee: null, wonValue: null, lostReason: null, followUpOn: null, followUpNote: null };

/** A stored lead's list view (its status read the way the list reads it), with how it is worked. */
export function summaryOf({ type, lead }: StoredLead, work: LeadWork): LeadSummary {
  const { id, name, email, company, service, status, spamReason, createdAt } = lead;
  return { type, id, name, email, company, service, status: toStatus(status), spamReason, ...work, createdAt };
}

/** Who a lead is assigned to (by their current name) and how it ended; none of it for a lead that is gone. */
export async function findLeadWork(db: Db, type: LeadType, id: string): Promise<LeadWork> {
  const row = await db
    .selectFrom(LEAD_TABLES[type] as 'quotes')
    .select([...WORK_COLUMNS, assigneeName])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return NO_WORK;
  return {
    assignee: row.assigned_to && row.assignee_name !== null ? { id: row.assigned_to, name: row.assignee_name } : null,
    ...outcomeOf(row),
  };
}

/**
 * Assigns a lead to `to` (an account id, or null for nobody) if it is still assigned to `from` (two people assigning
 * at once: one wins). Returns whether it changed.
 */
export async function updateAssignee(
  db: Db,
  type: LeadType,
  id: string,
  change: { from: string | null; to: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable(LEAD_TABLES[type] as 'quotes')
    .set({ assigned_to: change.to })
    .where('id', '=', id)
    .where((eb) => (change.from === null ? eb('assigned_to', 'is', null) : eb('assigned_to', '=', change.from)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Leaves every lead of a deactivated account with nobody; returns the leads it held, by type. */
export async function unassignLeadsOf(db: Db, userId: string): Promise<Array<{ type: LeadType; id: string }>> {
  const freed: Array<{ type: LeadType; id: string }> = [];
  for (const type of LEAD_TYPES) {
    const rows = await db
      .updateTable(LEAD_TABLES[type] as 'quotes')
      .set({ assigned_to: null })
      .where('assigned_to', '=', userId)
      .returning('id')
      .execute();
    freed.push(...rows.map((r) => ({ type, id: r.id })));
  }
  return freed;
}

/** COUNT(*) of one type's open leads with nobody since their assignee's account was deactivated (and not assigned since). */
export async function countReleasedLeads(db: Db, type: LeadType): Promise<number> {
  const table = LEAD_TABLES[type];
  const row = await db
    .selectFrom(table as 'quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assigned_to', 'is', null)
    .where('status', 'not in', [...LEAD_OUTCOMES, 'spam'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lead_notes')
          .select('lead_notes.id')
          .where('lead_notes.lead_type', '=', type)
          .where('lead_notes.assignment', '=', 'released')
          .where(sql<SqlBool>`${sql.ref('lead_notes.lead_id')} = ${sql.ref(`${table}.id`)}`),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets (or, with null, clears) the day to follow a lead up and its note; returns whether the lead exists. */
export async function setFollowUp(
  db: Db,
  type: LeadType,
  id: string,
  followUp: { on: string | null; note: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable(LEAD_TABLES[type] as 'quotes')
    .set({ follow_up_on: followUp.on, follow_up_note: followUp.on === null ? null : followUp.note })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * One type's open leads (not won, lost or spam) to follow up on or before `day`, earliest first; only one
 * person's when `assignedTo` is given.
 */
export async function listFollowUpsDue(db: Db, type: LeadType, day: string, limit: number, assignedTo?: string): Promise<LeadSummary[]> {
  let query = db
    .selectFrom(LEAD_TABLES[type] as 'quotes')
    .select([...LIST_COLUMNS, ...WORK_COLUMNS, assigneeName])
    .where('follow_up_on', '<=', day)
    .where('status', 'not in', [...LEAD_OUTCOMES, 'spam']);
  if (assignedTo) query = query.where('assigned_to', '=', assignedTo);
  const rows = await query.orderBy('follow_up_on').orderBy('created_at').limit(limit).execute();
  return rows.map((row) => toLeadSummary(type, row));
}

/** COUNT(*) of one type's leads assigned to a person, spam left out. */
export async function countAssignedTo(db: Db, type: LeadType, userId: string): Promise<number> {
  const row = await db
    .selectFrom(LEAD_TABLES[type] as 'quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assigned_to', '=', userId)
    .where('status', '<>', 'spam')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a list's rows must match, whatever its page: the filter without the keyset, order or size. */
export type LeadMatch = Omit<LeadListQuery, 'after' | 'oldestFirst' | 'limit'>;

// Both tables share these columns; Kysely cannot type a query over a union of table names, so it is typed as quotes'.
function matching<O>(query: SelectQueryBuilder<Database, 'quotes', O>, q: LeadMatch): SelectQueryBuilder<Database, 'quotes', O> {
  if (q.status) query = query.where('status', '=', q.status);
  if (q.spamReason) query = query.where('spam_reason', '=', q.spamReason);
  if (q.excludeSpam) query = query.where('status', '<>', 'spam');
  if (q.service) query = query.where('service', '=', q.service);
  if (q.from) query = query.where('created_at', '>=', q.from);
  if (q.to) query = query.where('created_at', '<', q.to);
  if (q.assignedTo) query = query.where('assigned_to', '=', q.assignedTo);
  if (q.q) {
    const text = q.q.toLowerCase();
    query = query.where((eb) =>
      eb.or((['name', 'email', 'company'] as const).map((column) => containsLiteral(sql`lower(${sql.ref(column)})`, text))),
    );
  }
  return query;
}

/** The assignee's current name, beside a lead's own columns (a subquery, so both tables read it alike). */
const assigneeName = (eb: ExpressionBuilder<Database, 'quotes'>) =>
  eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'assigned_to').as('assignee_name');

/** One type's page of leads, filtered and keyset-paged on (created_at, id). */
export async function listLeadSummaries(db: Db, type: LeadType, q: LeadListQuery): Promise<LeadSummary[]> {
  let query = matching(db.selectFrom(LEAD_TABLES[type] as 'quotes').select([...LIST_COLUMNS, ...WORK_COLUMNS, assigneeName]), q);
  const direction = q.oldestFirst ? 'asc' : 'desc';
  if (q.after) query = query.where(afterKey('created_at', q.after, direction));
  const rows = await query.orderBy('created_at', direction).orderBy('id', direction).limit(q.limit).execute();
  return rows.map((row) => toLeadSummary(type, row));
}

/** COUNT(*) of one type's leads a list filter matches (every page of it). */
export async function countMatchingLeads(db: Db, type: LeadType, q: LeadMatch): Promise<number> {
  const row = await matching(
    db.selectFrom(LEAD_TABLES[type] as 'quotes').select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** COUNT(*) of the leads that are not spam, or of those in one status (and, for spam, held for one reason). */
export async function countLeads(db: Db, type: LeadType, where: { status: string; spamReason?: string } | 'not-spam'): Promise<number> {
  let query = db.selectFrom(LEAD_TABLES[type] as 'quotes').select((eb) => eb.fn.countAll<number>().as('n'));
  query = where === 'not-spam' ? query.where('status', '<>', 'spam') : query.where('status', '=', where.status);
  if (where !== 'not-spam' && where.spamReason) query = query.where('spam_reason', '=', where.spamReason);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** COUNT(*) of leads, spam left out, created in [from, to), served by the created_at index. */
export async function countCreatedBetween(db: Db, type: LeadType, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom(LEAD_TABLES[type] as 'quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', '<>', 'spam')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findLead(db: Db, type: LeadType, id: string): Promise<StoredLead | null> {
  if (type === 'quote') {
    const row = await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { type, lead: quoteFromRow(row) } : null;
  }
  const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { type, lead: contactFromRow(row) } : null;
}

/** Leads of one type by id, in no particular order (the CSV export reads each batch's whole leads). */
export async function findLeads(db: Db, type: LeadType, ids: readonly string[]): Promise<StoredLead[]> {
  if (!ids.length) return [];
  if (type === 'quote') {
    const rows = await db.selectFrom('quotes').selectAll().where('id', 'in', ids).execute();
    return rows.map((row) => ({ type, lead: quoteFromRow(row) }));
  }
  const rows = await db.selectFrom('contacts').selectAll().where('id', 'in', ids).execute();
  return rows.map((row) => ({ type, lead: contactFromRow(row) }));
}

/**
 * Moves the lead from status `from` to `to` if it is still in `from` (another person may have moved it meanwhile);
 * `clearSpamReason` when it is released from spam; a won lead's value and a lost one's reason are set with it
 * (null for any other status). Returns whether it was moved.
 */
export async function updateLeadStatus(
  db: Db,
  type: LeadType,
  id: string,
  change: { from: string; to: string; clearSpamReason: boolean; wonValue: number | null; lostReason: LostReason | null },
): Promise<boolean> {
  const outcome = { won_value: change.wonValue, lost_reason: change.lostReason };
  const result = await db
    .updateTable(LEAD_TABLES[type] as 'quotes')
    .set(change.clearSpamReason ? { status: change.to, spam_reason: null, ...outcome } : { status: change.to, ...outcome })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Erases a lead, its notification rows, its notes (which carry its personal data) and its attribution (where the
 * visit came from); run it in a transaction, so they go together. Returns whether the lead existed.
 */
export async function deleteLeadRow(trx: Db, type: LeadType, id: string): Promise<boolean> {
  for (const table of LEAD_BELONGINGS) {
    await trx
      .deleteFrom(table as 'outbox')
      .where((eb) => eb.and({ lead_type: type, lead_id: id }))
      .execute();
  }
  const result = await trx
    .deleteFrom(LEAD_TABLES[type] as 'quotes')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
