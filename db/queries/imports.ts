import type { ImportState, ImportStatus, ImportSummary } from '../../shared/import-messages.ts';
import type { Db } from '../database.ts';
import type { ImportsTable } from '../types.ts';

const COLUMNS = ['id', 'kind', 'state', 'done', 'total', 'summary', 'error', 'created_at', 'finished_at'] as const;

function toStatus(
  row: Pick<ImportsTable, Exclude<(typeof COLUMNS)[number], 'done' | 'total'>> & { done: number; total: number },
): ImportStatus {
  return {
    id: row.id,
    state: row.state as ImportState,
    done: row.done,
    total: row.total,
    summary: JSON.parse(row.summary) as ImportSummary,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export async function insertImport(
  db: Db,
  row: { id: string; summary: ImportSummary; createdBy: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('imports')
    .values({
      id: row.id,
      kind: row.summary.kind,
      state: 'planned',
      summary: JSON.stringify(row.summary),
      error: null,
      created_by: row.createdBy,
      created_at: row.at,
      updated_at: row.at,
      finished_at: null,
    })
    .execute();
}

export async function findImport(db: Db, id: string): Promise<ImportStatus | undefined> {
  const row = await db.selectFrom('imports').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toStatus(row);
}

/** The newest import that ran (finished, failed or still running): the report the Import page keeps showing. */
export async function findLastImport(db: Db): Promise<ImportStatus | undefined> {
  const row = await db
    .selectFrom('imports')
    .select(COLUMNS)
    .where('state', '<>', 'planned')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toStatus(row);
}

/** The one who asked for an import on another instance: the instance holding its files runs it as them. */
export interface ImportRequester {
  userId: string | null;
  email: string | null;
  ip: string | null;
}

/**
 * Moves a planned import (or, on the instance holding its files, a requested one) to running, unless another is
 * running or it has moved on already; true when it moved. A running import whose last step is older than
 * `stale.before` was cut off (its server stopped): it is marked failed with `stale.error` (its transaction never
 * committed) and blocks nothing.
 */
export async function claimImport(
  db: Db,
  id: string,
  from: 'planned' | 'requested',
  stale: { before: string; error: string; at: string },
): Promise<boolean> {
  if (await isImportRunning(db, stale)) return false;
  const result = await db
    .updateTable('imports')
    .set({ state: 'running', done: 0, updated_at: stale.at })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether an import runs now; one cut off by a restart (see `claimImport`) is marked failed first and does not count. */
export async function isImportRunning(db: Db, stale: { before: string; error: string; at: string }): Promise<boolean> {
  await db
    .updateTable('imports')
    .set({ state: 'failed', error: stale.error, finished_at: stale.at })
    .where('state', '=', 'running')
    .where('updated_at', '<', stale.before)
    .execute();
  return Boolean(await db.selectFrom('imports').select('id').where('state', '=', 'running').executeTakeFirst());
}

/** Asks for a planned import to run, as `requester`, on the instance holding its files; false when it moved on already. */
export async function requestImport(db: Db, id: string, requester: ImportRequester, at: string): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({
      state: 'requested',
      requested_by: requester.userId,
      requested_email: requester.email,
      requested_ip: requester.ip,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('state', '=', 'planned')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of `ids` (the imports whose files this instance holds) were asked for on another instance, and by whom. */
export async function findRequestedImports(db: Db, ids: string[]): Promise<Array<{ id: string; requester: ImportRequester }>> {
  const rows = await db
    .selectFrom('imports')
    .select(['id', 'requested_by', 'requested_email', 'requested_ip'])
    .where('state', '=', 'requested')
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({ id: r.id, requester: { userId: r.requested_by, email: r.requested_email, ip: r.requested_ip } }));
}

/**
 * Ends a requested import with `error` unless it moved on: when nobody ran it since `before` (its files' instance
 * went away), or when the instance holding them could not (another import ran). True when it ended it.
 */
export async function failRequestedImport(db: Db, id: string, end: { before?: string; error: string; at: string }): Promise<boolean> {
  let query = db
    .updateTable('imports')
    .set({ state: 'failed', error: end.error, finished_at: end.at })
    .where('id', '=', id)
    .where('state', '=', 'requested');
  if (end.before) query = query.where('updated_at', '<', end.before);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** How many steps are done (and, once known, how many there are). */
export async function setImportProgress(db: Db, id: string, done: number, total?: number): Promise<void> {
  await db
    .updateTable('imports')
    .set({ done, updated_at: new Date().toISOString(), ...(total === undefined ? {} : { total }) })
    .where('id', '=', id)
    .execute();
}

export async function finishImport(
  db: Db,
  id: string,
  end: { state: 'done' | 'failed'; summary: ImportSummary; error: string | null; done: number; at: string },
): Promise<void> {
  await db
    .updateTable('imports')
    .set({ state: end.state, summary: JSON.stringify(end.summary), error: end.error, done: end.done, finished_at: end.at })
    .where('id', '=', id)
    .execute();
}

/** The ids (in the old site) of what was imported from `source` and is still here, with what each became. */
export async function listImportedItems(db: Db, source: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('imported_items')
    .select(['source_id', 'target_id'])
    .where('source', '=', source)
    .where((eb) =>
      eb.or([
        eb.and([eb('target', '=', 'post'), eb('target_id', 'in', eb.selectFrom('blogs').select('id'))]),
        eb.and([eb('target', '=', 'page'), eb('target_id', 'in', eb.selectFrom('site_words').select('key'))]),
        eb.and([eb('target', '=', 'image'), eb('target_id', 'in', eb.selectFrom('images').select('id'))]),
      ]),
    )
    .execute();
  return new Map(rows.map((r) => [r.source_id, r.target_id]));
}

/** Rows a statement inserts at most (5 values each), far below SQLite's limit on bound values. */
const ROWS_PER_INSERT = 500;

export async function insertImportedItems(
  db: Db,
  importId: string,
  source: string,
  items: Array<{ sourceId: string; target: 'post' | 'page' | 'image'; targetId: string }>,
): Promise<void> {
  const rows = items.map((i) => ({ source, source_id: i.sourceId, target: i.target, target_id: i.targetId, import_id: importId }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('imported_items')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

/** Where each kind of imported item lives: a record whose item is gone from there is forgotten. */
const ITEM_HOMES = [
  { target: 'image', table: 'images', column: 'id' },
  { target: 'post', table: 'blogs', column: 'id' },
  { target: 'page', table: 'site_words', column: 'key' },
] as const;

/** Records of posts, pages or images deleted since they were imported: imported again, they come back. */
export async function forgetDeletedItems(db: Db, source: string): Promise<void> {
  for (const { target, table, column } of ITEM_HOMES) {
    await db
      .deleteFrom('imported_items')
      .where('source', '=', source)
      .where('target', '=', target)
      .where('target_id', 'not in', db.selectFrom(table).select(column))
      .execute();
  }
}
