import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the app has a few hundred, so this only bounds odd cases (long IN lists). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * How often the checkpointer copies the write-ahead log into the database file while the site writes, and at
 * most how long it waits when the site is idle. Often and small is what keeps commits steady: each checkpoint
 * syncs the files, and while the file system flushes, the writer's own appends to the log wait. Under 3,000 leads
 * a second the slowest commits took 40-65 ms with 250 ms between checkpoints, under 15 ms with 20 ms
 * (docs/decisions/007-lead-write-path.md).
 */
const CHECKPOINT_INTERVAL_MS = { min: 20, max: 1000 };

/**
 * Opens a SQLite file the way the site uses it: WAL (readers beside the one writer), synchronous=NORMAL (a
 * commit survives a crash of the process; the last commits before a power cut may not), foreign keys, and a busy
 * timeout for a second process (backups, CLI).
 *
 * Two things keep the request path short (tests/bench/submit-quote.ts measures them):
 * - prepared statements are reused: Kysely prepares every query anew, which costs as much as running it;
 * - checkpoints run on a worker thread with its own connection. SQLite otherwise checkpoints inside whichever
 *   commit crosses 1,000 log pages, copying pages and syncing the file on the event loop: a visitor waits for it.
 *   The connection keeps a far higher threshold of its own, so the log stays bounded if the worker ever stops.
 */
export function openSqlite(file: string): SqliteDatabase {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(file, sqlite);
  const statements = new Map<string, SqliteStatement>();
  return {
    // Kysely runs one query at a time on this connection, even while streaming, so a statement is never reused busy.
    prepare(sqlText: string): SqliteStatement {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statement = sqlite.prepare(sqlText) as unknown as SqliteStatement;
        statements.set(sqlText, statement);
      }
      return statement;
    },
    close() {
      void checkpointer?.terminate();
      sqlite.close();
    },
  };
}

function startCheckpointer(file: string, sqlite: SQLite.Database): Worker {
  sqlite.pragma('wal_autocheckpoint = 20000');
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, minIntervalMs: CHECKPOINT_INTERVAL_MS.min, maxIntervalMs: CHECKPOINT_INTERVAL_MS.max },
  });
  // The worker never keeps the process alive; a failed one leaves the connection's own threshold in charge.
  worker.unref();
  worker.on('error', (err) => {
    process.emitWarning(`SQLite checkpoint worker stopped: ${err.message}`);
  });
  return worker;
}
