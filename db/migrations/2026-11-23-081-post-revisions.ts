import type { Kysely } from 'kysely';

/**
 * The blog editor's history and safety net:
 * - `blog_revisions`: what each save of a post stored, who saved it and when, so an older version can be restored;
 * - `blog_autosaves`: the form as one staff member left it, saved while they type (one row per person and post,
 *   `blog_id` null for a post not created yet), until they save the post.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_revisions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('blog_id', 'varchar(36)', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author', 'varchar(100)', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('featured_image', 'text')
    .addColumn('user_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_revisions_post').on('blog_revisions').columns(['blog_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('blog_autosaves')
    .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('blog_id', 'varchar(36)', (c) => c.references('blogs.id').onDelete('cascade'))
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_autosaves').execute();
  await db.schema.dropTable('blog_revisions').execute();
}
