import type { Kysely } from 'kysely';

/**
 * Which pages a content version's change touched (docs/decisions/027-publish-drops-its-pages.md): a row per bump
 * of `content_versions` that knows its pages, naming the paths it changed (JSON; `["*"]` for every page). A page
 * cache that finds a row for each version it missed drops only those paths; a version without a row (a post or a
 * settings save, or one pruned) drops everything, as before. Old rows are pruned by the writes themselves.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_changes')
    .addColumn('area', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('paths', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_changes_pk', ['area', 'version'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_changes').execute();
}
