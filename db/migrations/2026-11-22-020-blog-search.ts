import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Blog search that stays fast at 100,000 posts. `search_text` holds the lowercased title, excerpt and visible
 * text of the content, so a search is one substring match on one column. It is indexed for substring search:
 * - PostgreSQL: a pg_trgm GIN index, which serves `LIKE '%…%'` (3+ characters) directly.
 * - SQLite: an FTS5 trigram index (external content over `blogs`, kept in step by triggers), queried with a
 *   quoted phrase. FTS5 keys on `blogs.rowid`; after a `VACUUM`, run
 *   `INSERT INTO blogs_fts(blogs_fts) VALUES('rebuild')` (VACUUM may renumber rowids of tables like this one).
 * Also an index on (published_at, id) for the admin list, which includes drafts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('blogs')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await db.selectFrom('blogs').select(['id', 'title', 'excerpt', 'content']).execute();
  for (const row of rows) {
    const text = `${row.title}\n${row.excerpt}\n${htmlToText(row.content)}`.toLowerCase();
    await db.updateTable('blogs').set({ search_text: text }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('blogs_all_order').on('blogs').columns(['published_at desc', 'id desc']).execute();

  if (postgres) {
    // An extension belongs to the database, in one schema: install it in `public` unless it is already
    // somewhere, and name its operator class by that schema so any search_path finds it.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = found.rows[0]!.schema;
    await sql`create index blogs_search_trgm on blogs using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
    return;
  }
  await sql`create virtual table blogs_fts using fts5(search_text, content='blogs', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into blogs_fts(blogs_fts) values('rebuild')`.execute(db);
  await sql`create trigger blogs_fts_insert after insert on blogs begin
    insert into blogs_fts(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger blogs_fts_delete after delete on blogs begin
    insert into blogs_fts(blogs_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger blogs_fts_update after update of search_text on blogs begin
    insert into blogs_fts(blogs_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into blogs_fts(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists blogs_search_trgm`.execute(db);
  } else {
    for (const trigger of ['blogs_fts_insert', 'blogs_fts_delete', 'blogs_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists blogs_fts`.execute(db);
  }
  await db.schema.dropIndex('blogs_all_order').execute();
  await db.schema.alterTable('blogs').dropColumn('search_text').execute();
}

/**
 * The visible text of an HTML fragment, as shared/read-time.ts computed it when this migration was written. A
 * copy, not an import: a migration is frozen in time, and a later change to the live rule must not change what
 * this one wrote (the blog service keeps search_text current with the live rule on every save).
 */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
