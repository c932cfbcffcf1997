import type { Kysely } from 'kysely';

/**
 * The SHA-256 of the submission an Idempotency-Key was first used with: the first outcome is given back only to
 * an exact retry, so a key seen by someone else is no bearer token for that lead. Keys stored before this have
 * none and match nothing (they expire within a day).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('body_hash', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('body_hash').execute();
}
