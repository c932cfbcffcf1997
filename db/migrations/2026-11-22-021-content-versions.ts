import type { Kysely } from 'kysely';

/**
 * A version number per content area, bumped in the same transaction as every write to that area. Each
 * instance's page cache reads it (at most once a second) and drops its pages when it moved, so an edit made
 * on one instance reaches the others without a message bus.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('area', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('content_versions').values({ area: 'blog', version: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_versions').execute();
}
