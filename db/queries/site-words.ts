import type { Db } from '../database.ts';
import type { SiteWordsTable } from '../types.ts';

/** A page's or a service's stored words, as parsed JSON (the service checks them against today's rules). */
export interface StoredWords {
  key: string;
  published: unknown;
  publishedAt: string | null;
  draft: unknown;
  draftSavedAt: string | null;
  /** When the draft is to become the published words. */
  scheduledAt: string | null;
  version: number;
}

type Row = Omit<SiteWordsTable, 'updated_at'>;

function fromRow(row: Row): StoredWords {
  return {
    key: row.key,
    published: row.published === null ? null : (JSON.parse(row.published) as unknown),
    publishedAt: row.published_at,
    draft: row.draft === null ? null : (JSON.parse(row.draft) as unknown),
    draftSavedAt: row.draft_saved_at,
    scheduledAt: row.scheduled_at,
    version: row.version,
  };
}

const COLUMNS = ['key', 'published', 'published_at', 'draft', 'draft_saved_at', 'scheduled_at', 'version'] as const;

/** Every stored page's words (a few dozen rows at most): what one render reads; or only those of `keys`. */
export async function listStoredWords(db: Db, keys?: readonly string[]): Promise<StoredWords[]> {
  let query = db.selectFrom('site_words').select(COLUMNS);
  if (keys) query = query.where('key', 'in', keys);
  return (await query.execute()).map(fromRow);
}

export async function findStoredWords(db: Db, key: string): Promise<StoredWords | undefined> {
  const row = await db.selectFrom('site_words').select(COLUMNS).where('key', '=', key).executeTakeFirst();
  return row && fromRow(row);
}

/**
 * Writes a key's words when its version is still `expected` (0: never saved), moving it on by one; false when
 * someone else saved first. `published` and `draft` left undefined keep what is stored.
 */
export async function writeWords(
  db: Db,
  key: string,
  expected: number,
  change: {
    published?: { words: unknown; at: string };
    draft: unknown;
    draftSavedAt: string | null;
    scheduledAt: string | null;
    at: string;
  },
): Promise<boolean> {
  const draft = change.draft === null ? null : JSON.stringify(change.draft);
  const published = change.published && { published: JSON.stringify(change.published.words), published_at: change.published.at };
  if (expected === 0) {
    const made = await db
      .insertInto('site_words')
      .values({
        key,
        ...(published ?? { published: null, published_at: null }),
        draft,
        draft_saved_at: change.draftSavedAt,
        scheduled_at: change.scheduledAt,
        version: 1,
        updated_at: change.at,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(made.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('site_words')
    .set({
      ...published,
      draft,
      draft_saved_at: change.draftSavedAt,
      scheduled_at: change.scheduledAt,
      version: expected + 1,
      updated_at: change.at,
    })
    .where('key', '=', key)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function insertWordsRevision(
  db: Db,
  revision: { id: string; key: string; words: unknown; kind: string; userId: string | null; at: string },
  keep: number,
): Promise<void> {
  await db
    .insertInto('site_words_revisions')
    .values({
      id: revision.id,
      key: revision.key,
      words: JSON.stringify(revision.words),
      kind: revision.kind,
      user_id: revision.userId,
      created_at: revision.at,
    })
    .execute();
  await db
    .deleteFrom('site_words_revisions')
    .where('key', '=', revision.key)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('site_words_revisions')
        .select('id')
        .where('key', '=', revision.key)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** A key's history, newest first, with the name of who saved each. */
export async function listWordsRevisions(
  db: Db,
  key: string,
  limit: number,
): Promise<Array<{ id: string; kind: string; savedAt: string; savedBy: string | null }>> {
  const rows = await db
    .selectFrom('site_words_revisions')
    .leftJoin('users', 'users.id', 'site_words_revisions.user_id')
    .select(['site_words_revisions.id', 'site_words_revisions.kind', 'site_words_revisions.created_at', 'users.name'])
    .where('site_words_revisions.key', '=', key)
    .orderBy('site_words_revisions.created_at', 'desc')
    .orderBy('site_words_revisions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, savedAt: r.created_at, savedBy: r.name }));
}

export async function findWordsRevision(db: Db, key: string, id: string): Promise<unknown> {
  const row = await db.selectFrom('site_words_revisions').select('words').where('key', '=', key).where('id', '=', id).executeTakeFirst();
  return row ? (JSON.parse(row.words) as unknown) : undefined;
}

/** Deletes a page's words and history (a page staff made); false when there was none at `expected`. */
export async function deleteWords(db: Db, key: string, expected: number): Promise<boolean> {
  const deleted = await db.deleteFrom('site_words').where('key', '=', key).where('version', '=', expected).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return false;
  await db.deleteFrom('site_words_revisions').where('key', '=', key).execute();
  return true;
}

/** The earliest scheduled publish of any page's words after `now`. */
export async function findNextScheduledWords(db: Db, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('site_words')
    .select('scheduled_at')
    .where('scheduled_at', '>', now)
    .orderBy('scheduled_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.scheduled_at ?? null;
}
