import type { Kysely } from 'kysely';

/**
 * The off-site backup's two jobs, upload and verify (docs/operations.md#off-site-backups), one row each: when each
 * is next due, the lease of the instance running it (so exactly one instance uploads each time, as outbox claims
 * work), and how it last went, which the dashboard and /metrics report to every instance.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_jobs')
    .addColumn('job', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('lease_token', 'varchar(36)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('last_success_at', 'varchar(30)')
    .addColumn('last_snapshot', 'varchar(40)')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'varchar(30)')
    .addColumn('last_error', 'text')
    .execute();
  // Due at once: a site that turns backups on uploads its first snapshot at start.
  const epoch = new Date(0).toISOString();
  await db
    .insertInto('backup_jobs')
    .values([
      { job: 'upload', due_at: epoch },
      { job: 'verify', due_at: epoch },
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_jobs').execute();
}
