import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OutboxTable } from '../../db/types.ts';

/**
 * An outbox row for a lead, as the worker finds a new one (pending, never tried, due now); `over` sets any column a
 * test is about (a failure, an age, a claim).
 */
export function outboxRow(lead: { type: string; id: string }, over: Partial<Insertable<OutboxTable>> = {}): Insertable<OutboxTable> {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    kind: 'staff-email',
    lead_type: lead.type,
    lead_id: lead.id,
    payload: '{}',
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    delivered_at: null,
    created_at: at,
    ...over,
  };
}

/** The same, failed for good: the dashboard's "Notification failures" lists it. */
export const failedOutboxRow = (lead: { type: string; id: string }, at: string, over: Partial<Insertable<OutboxTable>> = {}) =>
  outboxRow(lead, { status: 'failed', attempts: 8, next_attempt_at: at, last_error: 'SMTP 554 rejected', created_at: at, ...over });

/** The payloads queued for a lead in messages of one kind, oldest first: what the worker will send. */
export async function queuedPayloads<T>(db: Db, kind: string, leadId: string): Promise<T[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', kind)
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as T);
}
