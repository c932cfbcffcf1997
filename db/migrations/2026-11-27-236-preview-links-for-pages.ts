import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

const COPIED = ['id', 'blog_id', 'token_hash', 'created_by', 'created_at', 'expires_at', 'revoked_at'] as const;

/** A link's own columns, after what it shows: the same in the table before and after. */
function linkColumns(table: CreateTableBuilder<string, never>): CreateTableBuilder<string, never> {
  return table
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)');
}

/**
 * Share links show a page's or a service's draft too (docs/product.md#site-words), not only a post's: the posts'
 * `post_preview_links` (migration 170) becomes `preview_links`, where a link names either its post (`blog_id`) or
 * the words' key (`words_key`), each deleted with what it shows. SQLite cannot make a column nullable in place, so
 * the table is made anew and its links copied: every link that worked still works, with the same token.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const subjects = db.schema
    .createTable('preview_links')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('blog_id', 'varchar(36)', (c) => c.references('blogs.id').onDelete('cascade'))
    .addColumn('words_key', 'varchar(60)', (c) => c.references('site_words.key').onDelete('cascade'));
  await linkColumns(subjects)
    .addCheckConstraint('preview_links_one_subject', sql`(blog_id is null) <> (words_key is null)`)
    .execute();
  await db
    .insertInto('preview_links')
    .columns([...COPIED])
    .expression(db.selectFrom('post_preview_links').select([...COPIED]))
    .execute();
  await db.schema.dropTable('post_preview_links').execute();
  await db.schema.createIndex('preview_links_post').on('preview_links').columns(['blog_id', 'expires_at']).execute();
  await db.schema.createIndex('preview_links_words').on('preview_links').columns(['words_key', 'expires_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await linkColumns(
    db.schema
      .createTable('post_preview_links')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('blog_id', 'varchar(36)', (c) => c.notNull().references('blogs.id').onDelete('cascade')),
  ).execute();
  // A page's links have no place there: they stop working, as the pages' words do before migration 220.
  await db
    .insertInto('post_preview_links')
    .columns([...COPIED])
    .expression(
      db
        .selectFrom('preview_links')
        .select([...COPIED])
        .where('blog_id', 'is not', null),
    )
    .execute();
  await db.schema.dropTable('preview_links').execute();
  await db.schema.createIndex('post_preview_links_post').on('post_preview_links').columns(['blog_id', 'expires_at']).execute();
}
