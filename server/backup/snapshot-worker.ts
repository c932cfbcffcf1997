/**
 * Runs on a worker thread (server/backup/snapshot-file.ts), so the site's event loop never waits for SQLite:
 * `snapshot` copies the live database with the online backup API in one step (one read transaction: the copy is
 * one moment, and the site's writer carries on beside it, WAL), then inspects the copy; `inspect` checks a
 * restored file as `db:restore` does and counts what it holds, for the manifest and for the weekly check.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { NotASiteDatabase, openSiteDatabase } from '../../db/sqlite/site-database-check.ts';
import type { SnapshotContents, WorkerAnswer, WorkerTask } from './snapshot-file.ts';

async function inspect(file: string): Promise<SnapshotContents> {
  const { database, schemaVersion } = await openSiteDatabase(file);
  try {
    const count = (table: string) => database.prepare(`select count(*) from ${table}`).pluck().get() as number;
    return {
      schemaVersion,
      counts: { posts: count('blogs'), quotes: count('quotes'), contacts: count('contacts'), images: count('images') },
    };
  } finally {
    database.close();
  }
}

async function run(task: WorkerTask): Promise<SnapshotContents> {
  if (task.task === 'inspect') return inspect(task.file);
  const source = new SQLite(task.source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await source.backup(task.target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  return inspect(task.target);
}

run(workerData as WorkerTask).then(
  (contents) => parentPort!.postMessage({ contents } satisfies WorkerAnswer),
  (err: unknown) =>
    parentPort!.postMessage({ error: (err as Error).message, refused: err instanceof NotASiteDatabase } satisfies WorkerAnswer),
);
