import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Each published post's sharing image (a 1200×630 PNG with its title on the site's artwork), drawn when the post
 * is published and kept here so every instance serves the same bytes. `drawn_from` says which title it shows:
 * a retitled post gets a new one. Rows go with their post.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('post_sharing_images')
    .addColumn('post_id', 'varchar(36)', (c) => c.primaryKey().references('blogs.id').onDelete('cascade'))
    .addColumn('drawn_from', 'varchar(64)', (c) => c.notNull())
    .addColumn('png', postgres ? sql`bytea` : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_sharing_images').execute();
}
