import { sql } from 'kysely';
import type { Db, DbEngine } from '../database.ts';
import type { OutboxRow } from '../types.ts';

export type OutboxKind = 'staff-email' | 'customer-email' | 'webhook';

export interface NewOutboxMessage {
  id: string;
  kind: OutboxKind;
  leadType: 'quote' | 'contact';
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
  limit: number;
}

/**
 * Claims due messages for this worker. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so several instances never
 * claim the same row. SQLite: one `UPDATE … RETURNING` statement, atomic because SQLite has one writer.
 */
export async function claimDueMessages(db: Db, engine: DbEngine, options: ClaimOptions): Promise<OutboxMessage[]> {
  if (!options.kinds.length) return [];
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('kind', 'in', options.kinds)
    .where('next_attempt_at', '<=', options.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', options.now)]))
    .orderBy('next_attempt_at')
    .limit(options.limit);
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({ locked_until: options.lockedUntil })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.map(toMessage);
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

export async function markDelivered(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ status: 'delivered', delivered_at: now, locked_until: null, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: retried at `nextAttemptAt`, or marked failed (kept, never deleted). */
export async function markAttemptFailed(
  db: Db,
  id: string,
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
    }))
    .where('id', '=', id)
    .execute();
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
