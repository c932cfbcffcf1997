import type { Db } from '../database.ts';
import { deleteExpiredKeys, insertNewKeys } from './single-use-keys.ts';

export interface IdempotencyKey {
  scope: string;
  key: string;
  leadId: string;
  expiresAt: string;
  /** SHA-256 (hex) of the submission, so only an exact retry gets the first outcome. */
  bodyHash: string;
}

/** Records the keys of leads being stored; returns how many were new (fewer than given: a key was used before). */
export function recordIdempotencyKeys(db: Db, keys: IdempotencyKey[]): Promise<number> {
  return insertNewKeys(
    db,
    'idempotency_keys',
    keys.map((k) => ({ scope: k.scope, key: k.key, lead_id: k.leadId, expires_at: k.expiresAt, body_hash: k.bodyHash })),
  );
}

/** The lead stored with this key and the hash of the submission that used it, if any. */
export async function findIdempotentLead(db: Db, scope: string, key: string): Promise<{ leadId: string; bodyHash: string | null } | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['lead_id', 'body_hash'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { leadId: row.lead_id, bodyHash: row.body_hash } : null;
}

export function deleteExpiredIdempotencyKeys(db: Db, now: string): Promise<number> {
  return deleteExpiredKeys(db, 'idempotency_keys', now);
}
