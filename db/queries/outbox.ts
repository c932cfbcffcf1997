import { type ExpressionBuilder, sql } from 'kysely';
import type { Db, DbEngine } from '../database.ts';
import type { Database, OutboxRow } from '../types.ts';

export type OutboxKind =
  | 'staff-email'
  | 'customer-email'
  | 'webhook'
  | 'staff-invitation'
  | 'post-review'
  | 'analytics-summary'
  | 'assignment-email'
  | 'lead-reply'
  | 'follow-up-email';

export interface NewOutboxMessage {
  id: string;
  kind: OutboxKind;
  /** What the message is about: a lead, or (`staff`) a message to staff: an invitation's or a post's id. */
  leadType: 'quote' | 'contact' | 'staff';
  leadId: string;
  payload: unknown;
  createdAt: string;
}

export interface OutboxMessage {
  id: string;
  kind: OutboxKind;
  leadType: string;
  leadId: string;
  payload: unknown;
  attempts: number;
}

/** A notification and how its delivery went: what the inbox, the dashboard and a privacy export show. */
export interface OutboxEntry {
  id: string;
  kind: string;
  leadType: string;
  leadId: string;
  /** The message as queued, JSON text. */
  payload: string;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export function toOutboxEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    leadType: row.lead_type,
    leadId: row.lead_id,
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  };
}

export async function insertOutboxMessages(db: Db, messages: NewOutboxMessage[]): Promise<void> {
  if (!messages.length) return;
  await db
    .insertInto('outbox')
    .values(
      messages.map((m) => ({
        id: m.id,
        kind: m.kind,
        lead_type: m.leadType,
        lead_id: m.leadId,
        payload: JSON.stringify(m.payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: m.createdAt,
        locked_until: null,
        last_error: null,
        delivered_at: null,
        created_at: m.createdAt,
      })),
    )
    .execute();
}

export interface ClaimOptions {
  kinds: readonly OutboxKind[];
  now: string;
  /** A claimed row is invisible to other workers until then; a worker that dies releases it this way. */
  lockedUntil: string;
  /** The claiming worker's token: only its holder renews, settles or releases the claim. */
  token: string;
}

/** No worker holds the row: never claimed, or its claim's lease ran out. */
const isUnclaimedAt = (now: string) => (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);

/**
 * Claims the next due message of these kinds, or none. One row at a time, so a claim covers one delivery and
 * its lease never has to outlast a queue. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so several instances never
 * claim the same row. SQLite: one `UPDATE … RETURNING` statement, atomic because SQLite has one writer.
 */
export async function claimNextMessage(db: Db, engine: DbEngine, options: ClaimOptions): Promise<OutboxMessage | undefined> {
  if (!options.kinds.length) return undefined;
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('kind', 'in', options.kinds)
    .where('next_attempt_at', '<=', options.now)
    .where(isUnclaimedAt(options.now))
    .orderBy('next_attempt_at')
    .limit(1);
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  const row = await db
    .updateTable('outbox')
    .set({ locked_until: options.lockedUntil, claim_token: options.token })
    .where('id', 'in', due)
    .returningAll()
    .executeTakeFirst();
  return row && toMessage(row);
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind as OutboxKind,
    leadType: row.lead_type,
    leadId: row.lead_id,
    payload: JSON.parse(row.payload) as unknown,
    attempts: row.attempts,
  };
}

/** Extends a claim its holder is still working on; false when the claim is no longer this holder's. */
export async function renewClaim(db: Db, id: string, token: string, lockedUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markDelivered(db: Db, id: string, token: string, now: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'delivered',
      delivered_at: now,
      locked_until: null,
      claim_token: null,
      attempts: eb('attempts', '+', 1),
      last_error: null,
    }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Records a failed attempt: retried at `nextAttemptAt`, or marked failed (kept, never deleted). */
export async function markAttemptFailed(
  db: Db,
  id: string,
  token: string,
  update: { error: string; nextAttemptAt: string; failed: boolean },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: update.failed ? 'failed' : 'pending',
      attempts: eb('attempts', '+', 1),
      last_error: update.error.slice(0, 2_000),
      next_attempt_at: update.nextAttemptAt,
      locked_until: null,
      claim_token: null,
    }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** Gives back every claim a stopping worker holds, unattempted, so another instance sends them at once. */
export async function releaseClaims(db: Db, token: string): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ locked_until: null, claim_token: null })
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Counts by status, for start-up logs and tests. */
export async function countOutboxByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function listOutboxForLead(db: Db, leadType: string, leadId: string): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where((eb) => eb.and({ lead_type: leadType, lead_id: leadId }))
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
  const row = await outboxFailures(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per kind: notifications waiting (not failed), when the oldest of them was queued, and failures (metrics). */
export async function outboxBacklog(
  db: Db,
): Promise<Array<{ kind: string; pending: number; oldestPendingAt: string | null; failed: number }>> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => [
      'kind',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'pending'), eb('last_error', 'is', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('pending'),
      eb.fn.min<string | null>(eb.case().when('status', '=', 'pending').then(eb.ref('created_at')).end()).as('oldest'),
      eb.fn.sum<number>(eb.case().when(isFailure(eb)).then(1).else(0).end()).as('failed'),
    ])
    .where('delivered_at', 'is', null)
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, pending: Number(r.pending), oldestPendingAt: r.oldest, failed: Number(r.failed) }));
}

/** Notifications waiting to be sent that have not failed (yet), per kind. */
export async function countPendingByKind(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .where('delivered_at', 'is', null)
    .where('status', '=', 'pending')
    .where('last_error', 'is', null)
    .groupBy('kind')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
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
    .where(isUnclaimedAt(now))
    .where((eb) => (target === 'failures' ? isFailure(eb) : eb('id', '=', target.id)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
