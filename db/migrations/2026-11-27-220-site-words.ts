import type { Kysely } from 'kysely';

/**
 * The words of the built-in pages and of each service as content staff edit (docs/product.md#site-words):
 * - `site_words`: per page or service (`key`), the published words and a draft, each a JSON document. No row, or no
 *   published document, means today's words: the defaults stay in code (shared/site-words.ts), read at render time,
 *   so this migration copies no text and an existing site shows exactly what it showed before. A draft with
 *   `scheduled_at` becomes the published words at that time (read so; written so by the next save). `version` counts
 *   saves, so a save made from an older form is refused rather than lost.
 * - `site_words_revisions`: each draft, publish and restore, with who and when, for the history and its word diff.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_words')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('published', 'text')
    .addColumn('published_at', 'varchar(30)')
    .addColumn('draft', 'text')
    .addColumn('draft_saved_at', 'varchar(30)')
    .addColumn('scheduled_at', 'varchar(30)')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_words_revisions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(60)', (c) => c.notNull())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_words_revisions_key')
    .on('site_words_revisions')
    .columns(['key', 'created_at desc', 'id desc'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_words_revisions').execute();
  await db.schema.dropTable('site_words').execute();
}
