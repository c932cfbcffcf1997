import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../database.ts';

export interface AttemptLimit {
  max: number;
  /** Attempts at or after this time count. */
  since: string;
  now: string;
}

/** A reservation made (its row ids), or the bucket that is full and when its oldest attempt leaves the window. */
export type Reservation = { ids: string[] } | { full: string; oldest: string };

/**
 * Reserves one attempt in every bucket, in one transaction, unless one of them already holds `max` attempts
 * in the window. Concurrent requests cannot both pass: SQLite runs one transaction at a time, and PostgreSQL
 * takes a transaction lock per bucket (in a fixed order, so two requests never deadlock) before counting.
 */
export function reserveAttempts(db: Db, buckets: string[], limit: AttemptLimit): Promise<Reservation> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      for (const bucket of [...buckets].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(trx);
    }
    const counts = await trx
      .selectFrom('sign_in_attempts')
      .select((eb) => ['bucket', eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('bucket', 'in', buckets)
      .where('created_at', '>=', limit.since)
      .groupBy('bucket')
      .execute();
    const full = counts.find((c) => Number(c.n) >= limit.max);
    if (full) return { full: full.bucket, oldest: String(full.oldest) };
    const rows = buckets.map((bucket) => ({ id: randomUUID(), bucket, created_at: limit.now }));
    await trx.insertInto('sign_in_attempts').values(rows).execute();
    return { ids: rows.map((r) => r.id) };
  });
}

/** A successful attempt does not count against anyone. */
export async function releaseAttempts(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('sign_in_attempts').where('id', 'in', ids).execute();
}

export async function deleteAttemptsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('created_at', '<', before).execute();
}

/** Ends a bucket's window early: a password reset by the operator lifts the account's lock. */
export async function clearAttempts(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('bucket', '=', bucket).execute();
}

/**
 * Attempts at or after `since` in buckets starting with `prefix`, every instance's together. A range, not LIKE,
 * so both engines read it from the bucket index.
 */
export async function countAttemptsSince(db: Db, prefix: string, since: string): Promise<number> {
  const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const row = await db
    .selectFrom('sign_in_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '>=', prefix)
    .where('bucket', '<', after)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
