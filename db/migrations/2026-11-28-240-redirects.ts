import type { Kysely } from 'kysely';

/**
 * Redirects staff manage and imports write (docs/product.md#redirects): an old address (`from_path`, normalised by
 * shared/redirects.ts, unique) answered 301 or 302 to a path of this site or an absolute URL. `origin` says who made
 * it ('staff', 'import'; 'blog' is kept for the blog's old slugs should they move here); hits and the last hit are counted in memory and written in batches. A `redirects` row in
 * `content_versions` is bumped by every write, so every instance reloads its in-memory table within a second.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('from_path', 'varchar(600)', (c) => c.notNull().unique())
    .addColumn('to_target', 'varchar(2100)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  await db.insertInto('content_versions').values({ area: 'redirects', version: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('redirects').execute();
  await db.deleteFrom('content_versions').where('area', '=', 'redirects').execute();
}
