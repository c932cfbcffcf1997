import type { Db } from '../database.ts';

export interface IdempotencyKey {
  scope: string;
  key: string;
  leadId: string;
  expiresAt: string;
}

/** Records the keys of leads being stored; returns how many were new (fewer than given: a key was used before). */
export async function recordIdempotencyKeys(db: Db, keys: IdempotencyKey[]): Promise<number> {
  if (!keys.length) return 0;
  const result = await db
    .insertInto('idempotency_keys')
    .values(keys.map((k) => ({ scope: k.scope, key: k.key, lead_id: k.leadId, expires_at: k.expiresAt })))
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The lead stored with this key, if any. */
export async function findIdempotentLead(db: Db, scope: string, key: string): Promise<string | null> {
  const row = await db.selectFrom('idempotency_keys').select('lead_id').where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  return row?.lead_id ?? null;
}

export async function deleteExpiredIdempotencyKeys(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
