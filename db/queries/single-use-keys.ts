import type { Insertable } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../types.ts';

/*
 * Keys a lead may be stored with once, each kept until its `expires_at`: used captcha solutions and
 * Idempotency-Keys. A key inserted again is skipped rather than failing the statement, so the caller learns of
 * a replay from the count of new rows, inside its own transaction.
 */
type KeyTable = 'captcha_solutions' | 'idempotency_keys';

/** Each table's primary key: a key is "used" when a row with it exists. */
const KEY_COLUMNS: { [T in KeyTable]: ReadonlyArray<keyof Database[T] & string> } = {
  captcha_solutions: ['key'],
  idempotency_keys: ['scope', 'key'],
};

/** Inserts the keys not stored yet; returns how many were new (fewer than given: some were used before). */
export async function insertNewKeys<T extends KeyTable>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<number> {
  if (!rows.length) return 0;
  const result = await db
    .insertInto(table)
    .values(rows)
    .onConflict((oc) => oc.columns(KEY_COLUMNS[table]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Drops the keys past their expiry in one table; returns how many. */
export async function deleteExpiredKeys(db: Db, table: KeyTable, now: string): Promise<number> {
  const result = await db.deleteFrom(table).where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
