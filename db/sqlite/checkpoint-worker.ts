/**
 * Runs on a worker thread (see db/sqlite/dialect.ts): copies the write-ahead log into the database file with a PASSIVE
 * checkpoint, which never blocks the site's writer or readers. While the site writes it looks every
 * `minIntervalMs`, so each checkpoint is small; when the log stops growing it looks less and less often, up to
 * `maxIntervalMs`, so an idle site costs next to nothing. Any other failure (disk full, I/O error) ends the worker;
 * the site starts a new one after a pause. Its first good checkpoint is reported to the site with a message.
 * Asked to stop, it closes its connection and ends by itself: terminating a thread while better-sqlite3 is open in
 * it can crash the whole process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, minIntervalMs, maxIntervalMs } = workerData as { file: string; minIntervalMs: number; maxIntervalMs: number };
const db = new SQLite(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');

let interval = minIntervalMs;
let lastLogFrames = -1;
let reported = false;

function checkpoint(): void {
  let writing = true;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
    writing = result!.log !== lastLogFrames;
    lastLogFrames = result!.log;
    if (!reported) parentPort?.postMessage('checkpointed');
    reported = true;
  } catch (err) {
    // Busy is momentary (a backup or restore holds the file): look again soon.
    if (!String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw err;
  }
  interval = writing ? minIntervalMs : Math.min(interval * 2, maxIntervalMs);
  timer = setTimeout(checkpoint, interval);
}

let timer = setTimeout(checkpoint, interval);
parentPort?.once('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort?.close();
});
