import type { ImportState, ImportStatus, ImportSummary } from '../../shared/import-messages.ts';
import type { Db } from '../database.ts';
import type { ImportsTable } from '../types.ts';

function toStatus(row: Omit<ImportsTable, 'done' | 'total' | 'created_by' | 'updated_at'> & { done: number; total: number }): ImportStatus {
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

const COLUMNS = ['id', 'kind', 'state', 'done', 'total', 'summary', 'error', 'created_at', 'finished_at'] as const;

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

/**
 * Moves a planned import to running, unless another is running or it has started already; true when it moved. A
 * running import whose last step is older than `staleBefore` was cut off (its server stopped): it is marked failed
 * with `staleError` (its transaction never committed) and blocks nothing.
 */
export async function claimImport(db: Db, id: string, stale: { before: string; error: string; at: string }): Promise<boolean> {
  await db
    .updateTable('imports')
    .set({ state: 'failed', error: stale.error, finished_at: stale.at })
    .where('state', '=', 'running')
    .where('updated_at', '<', stale.before)
    .execute();
  const running = await db.selectFrom('imports').select('id').where('state', '=', 'running').executeTakeFirst();
  if (running) return false;
  const result = await db
    .updateTable('imports')
    .set({ state: 'running', done: 0, updated_at: stale.at })
    .where('id', '=', id)
    .where('state', '=', 'planned')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/** Records of posts, pages or images deleted since they were imported: imported again, they come back. */
export async function forgetDeletedItems(db: Db, source: string): Promise<void> {
  await db
    .deleteFrom('imported_items')
    .where('source', '=', source)
    .where('target', '=', 'image')
    .where('target_id', 'not in', db.selectFrom('images').select('id'))
    .execute();
  await db
    .deleteFrom('imported_items')
    .where('source', '=', source)
    .where('target', '=', 'post')
    .where('target_id', 'not in', db.selectFrom('blogs').select('id'))
    .execute();
  await db
    .deleteFrom('imported_items')
    .where('source', '=', source)
    .where('target', '=', 'page')
    .where('target_id', 'not in', db.selectFrom('site_words').select('key'))
    .execute();
}
