import type { Kysely } from 'kysely';

/**
 * Each claim on an outbox row carries the claiming worker's token: only the holder may renew, settle or
 * release it, so a worker whose lease lapsed (a stalled process) can never overwrite another worker's result.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claim_token', 'varchar(36)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('claim_token').execute();
}
