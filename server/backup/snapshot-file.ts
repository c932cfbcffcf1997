import { Worker } from 'node:worker_threads';
import { NotASiteDatabase } from '../../db/sqlite/site-database-check.ts';

/** What a snapshot holds: its schema version (last migration) and the counts the weekly check compares. */
export interface SnapshotContents {
  schemaVersion: string;
  counts: { posts: number; quotes: number; contacts: number; images: number };
}

export type WorkerTask = { task: 'snapshot'; source: string; target: string } | { task: 'inspect'; file: string };
export type WorkerAnswer = { contents: SnapshotContents } | { error: string; refused: boolean };

/** Beside this file in the sources; beside the server bundle, as JavaScript, in production (scripts/bundle-server.ts). */
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './snapshot-worker.ts' : './snapshot-worker.mjs', import.meta.url);

function onWorker(task: WorkerTask): Promise<SnapshotContents> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: task });
    worker.once('message', (answer: WorkerAnswer) => {
      if ('contents' in answer) resolve(answer.contents);
      else reject(answer.refused ? new NotASiteDatabase(answer.error) : new Error(answer.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`snapshot worker stopped (exit ${code})`)));
  });
}

/** A consistent copy of the live SQLite database at `target`, taken off the event loop; returns what it holds. */
export function copyLiveDatabase(source: string, target: string): Promise<SnapshotContents> {
  return onWorker({ task: 'snapshot', source, target });
}

/** Checks a restored file (integrity, a migration history this version knows, its tables) and counts what it holds. */
export function inspectDatabase(file: string): Promise<SnapshotContents> {
  return onWorker({ task: 'inspect', file });
}
