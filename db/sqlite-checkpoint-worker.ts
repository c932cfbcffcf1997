/**
 * Runs on a worker thread (see openSqlite): copies the write-ahead log into the database file every few hundred
 * milliseconds with a PASSIVE checkpoint, which never blocks the site's writer or readers.
 */
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SQLite(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');

setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // Busy is momentary (a backup or restore holds the file): the next tick tries again.
    if (!String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw err;
  }
}, intervalMs);
