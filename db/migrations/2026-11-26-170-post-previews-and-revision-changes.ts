import type { Kysely } from 'kysely';

/**
 * The editor's previews and history:
 * - `blog_revisions` also keeps each version's publishing state (so a diff can show it) and what kind of change the
 *   save made (`change_kind`, the fields it `changed`, and for a restore the time of the version it brought back).
 *   Versions saved before this migration have none of these: null, and the history says only who and when.
 * - `post_preview_links`: links that show a post's preview to anyone who has one, signed in or not, until
 *   `expires_at` or until revoked. Only the SHA-256 of each link's token is kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_revisions').addColumn('published', 'integer').execute();
  await db.schema.alterTable('blog_revisions').addColumn('published_at', 'varchar(30)').execute();
  await db.schema.alterTable('blog_revisions').addColumn('change_kind', 'varchar(20)').execute();
  await db.schema.alterTable('blog_revisions').addColumn('changed', 'varchar(200)').execute();
  await db.schema.alterTable('blog_revisions').addColumn('restored_from', 'varchar(30)').execute();

  await db.schema
    .createTable('post_preview_links')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('blog_id', 'varchar(36)', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('post_preview_links_post').on('post_preview_links').columns(['blog_id', 'expires_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_preview_links').execute();
  for (const column of ['restored_from', 'changed', 'change_kind', 'published_at', 'published']) {
    await db.schema.alterTable('blog_revisions').dropColumn(column).execute();
  }
}
