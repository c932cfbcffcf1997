import type { Kysely } from 'kysely';

/**
 * Sign-in attempts reserved before the password check (server/staff/throttle.ts): one row per bucket an attempt
 * counts against (an account, an address, a known device). A failed attempt keeps its rows for the window; a
 * successful one removes them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('bucket', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_attempts_bucket').on('sign_in_attempts').columns(['bucket', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_attempts').execute();
}
