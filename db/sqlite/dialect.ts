import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

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

/** Beside this file in the sources; beside the server bundle, as JavaScript, in production (scripts/bundle-server.ts). */
const CHECKPOINT_WORKER = new URL(import.meta.url.endsWith('.ts') ? './checkpoint-worker.ts' : './checkpoint-worker.mjs', import.meta.url);

/** A checkpoint worker that failed (disk full, I/O error) is started again after 1 s, 2 s, 4 s … at most 30 s. */
const CHECKPOINT_RESTART_MS = { min: 1000, max: 30_000 };

/**
 * Once a checkpoint has copied the whole log, the next commit starts it again from the beginning and cuts the
 * file back to this size: a log that grew while checkpoints could not run (disk full) shrinks again.
 */
const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * How long a statement waits for another process's write lock (a backup, a migration, an admin script) before
 * it fails with SQLITE_BUSY. The waiting happens between event-loop turns, never inside the driver.
 */
const LOCK_WAIT_MS = 5000;

export interface SqliteEvents {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface SqliteOptions {
  /** Where the checkpointer reports failures and recoveries (the site's logger). */
  log?: SqliteEvents | undefined;
  /** Overrides LOCK_WAIT_MS (tests). */
  lockWaitMs?: number;
}

/**
 * The Kysely dialect for the site's SQLite file: WAL (readers beside the one writer), synchronous=NORMAL (a
 * commit survives a crash of the process; the last commits before a power cut may not), foreign keys.
 *
 * Kysely's own SQLite driver runs better-sqlite3 as is; this one differs where it kept the site waiting:
 * - prepared statements are reused: Kysely prepares every query anew, which costs as much as running it;
 * - checkpoints run on a worker thread with its own connection (restarted with back-off if it fails). SQLite
 *   otherwise checkpoints inside whichever commit crosses 1,000 log pages, copying pages and syncing the file on
 *   the event loop: a visitor waits for it. The connection keeps a far higher threshold of its own, so the log
 *   stays bounded while the worker is down;
 * - a statement that finds the file locked by another process is tried again on a timer, with the connection
 *   free for other requests in between, instead of SQLite's busy timeout sleeping inside the event loop.
 *   Transactions start with BEGIN IMMEDIATE, so they wait for the lock before reading anything and never fail
 *   half-way for want of it;
 * - a rollback after SQLite has already rolled back by itself (disk full, I/O error) does nothing, so the real
 *   error reaches the caller instead of "cannot rollback - no transaction is active".
 */
export function sqliteDialect(file: string, options: SqliteOptions = {}): Dialect {
  return {
    createAdapter: () => new SharedConnectionAdapter(),
    createDriver: () => new SqliteDriver(file, options),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}

/** The driver serialises use of its one connection itself (see SqliteDriver), so Kysely's own mutex stays off. */
class SharedConnectionAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class SqliteDriver implements Driver {
  readonly #file: string;
  readonly #options: SqliteOptions;
  #connection: SqliteConnection | undefined;
  #checkpointer: Checkpointer | undefined;

  constructor(file: string, options: SqliteOptions) {
    this.#file = file;
    this.#options = options;
  }

  async init(): Promise<void> {
    const sqlite = new SQLite(this.#file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    // No sleeping inside SQLite: a locked file is waited for on the event loop (SqliteConnection).
    sqlite.pragma('busy_timeout = 0');
    // SQLite's page cache: 4 MB, not better-sqlite3's 16 MB default, which a busy site's growing file filled on a 512 MB box
    // (docs/decisions/020-cache-hit-path.md). Pages past it come from the system's file cache.
    sqlite.pragma('cache_size = -4000');
    if (this.#file !== ':memory:') {
      sqlite.pragma('wal_autocheckpoint = 20000');
      sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      this.#checkpointer = new Checkpointer(this.#file, this.#options.log);
    }
    this.#connection = new SqliteConnection(sqlite, this.#options.lockWaitMs ?? LOCK_WAIT_MS);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#connection!.lock.acquire();
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    this.#connection!.lock.release();
  }

  async beginTransaction(connection: SqliteConnection): Promise<void> {
    await connection.executeQuery(raw('begin immediate'));
  }

  async commitTransaction(connection: SqliteConnection): Promise<void> {
    await connection.executeQuery(raw('commit'));
  }

  async rollbackTransaction(connection: SqliteConnection): Promise<void> {
    if (connection.sqlite.inTransaction) await connection.executeQuery(raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.#checkpointer?.stop();
    this.#connection?.sqlite.close();
  }
}

function raw(sql: string): CompiledQuery {
  return { sql, parameters: [], query: undefined as never, queryId: undefined as never };
}

function isBusy(err: unknown): boolean {
  return String((err as { code?: unknown } | null)?.code).startsWith('SQLITE_BUSY');
}

type Statement = SQLite.Statement<unknown[]>;

class SqliteConnection implements DatabaseConnection {
  readonly sqlite: SQLite.Database;
  readonly lock = new Lock();
  readonly #statements = new Map<string, Statement>();
  readonly #lockWaitMs: number;

  constructor(sqlite: SQLite.Database, lockWaitMs: number) {
    this.sqlite = sqlite;
    this.#lockWaitMs = lockWaitMs;
  }

  /** Kysely runs one query at a time on this connection, even while streaming, so a statement is never reused busy. */
  prepare(sqlText: string): Statement {
    let statement = this.#statements.get(sqlText);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
      statement = this.sqlite.prepare(sqlText);
      this.#statements.set(sqlText, statement);
    }
    return statement;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const giveUpAt = Date.now() + this.#lockWaitMs;
    for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
      try {
        return this.#run<R>(compiled);
      } catch (err) {
        // Outside a transaction a busy statement changed nothing, so it can simply run again (BEGIN included).
        if (!isBusy(err) || this.sqlite.inTransaction || Date.now() + delay > giveUpAt) throw err;
      }
      // Other requests may use the connection meanwhile: no transaction is open on it.
      this.lock.release();
      await new Promise((resolve) => setTimeout(resolve, delay));
      await this.lock.acquire();
    }
  }

  #run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(sql);
    if (statement.reader) return { rows: statement.all(...(parameters as unknown[])) as R[] };
    const { changes, lastInsertRowid } = statement.run(...(parameters as unknown[]));
    return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
  }

  async *streamQuery<R>({ sql, parameters, query }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query)) throw new Error('SQLite can only stream select queries');
    for (const row of this.prepare(sql).iterate(...(parameters as unknown[]))) yield { rows: [row as R] };
  }
}

/** One user of the connection at a time, in arrival order. */
class Lock {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/**
 * Keeps a checkpoint worker running: when it stops (disk full, I/O error) the cause is logged once and a new one
 * starts after a growing pause; the first good checkpoint after that is logged too.
 */
class Checkpointer {
  readonly #file: string;
  readonly #log: SqliteEvents | undefined;
  #worker: Worker | undefined;
  #timer: NodeJS.Timeout | undefined;
  #restartMs = CHECKPOINT_RESTART_MS.min;
  #failing = false;
  #stopped = false;

  constructor(file: string, log: SqliteEvents | undefined) {
    this.#file = file;
    this.#log = log;
    this.#start();
  }

  #start(): void {
    const worker = new Worker(CHECKPOINT_WORKER, {
      workerData: { file: this.#file, minIntervalMs: CHECKPOINT_INTERVAL_MS.min, maxIntervalMs: CHECKPOINT_INTERVAL_MS.max },
    });
    this.#worker = worker;
    // The worker never keeps the process alive.
    worker.unref();
    worker.on('message', () => {
      // The worker's first good checkpoint.
      if (this.#failing) this.#log?.info({}, 'SQLite checkpoints resumed');
      this.#failing = false;
      this.#restartMs = CHECKPOINT_RESTART_MS.min;
    });
    worker.on('error', (err) => {
      if (!this.#failing) this.#log?.warn({ err }, 'SQLite checkpoint worker stopped; restarting it with back-off');
      this.#failing = true;
    });
    worker.on('exit', () => {
      if (this.#stopped) return;
      this.#timer = setTimeout(() => this.#start(), this.#restartMs).unref();
      this.#restartMs = Math.min(this.#restartMs * 2, CHECKPOINT_RESTART_MS.max);
    });
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    // The worker closes its connection and exits (checkpoint-worker.ts); terminate() mid-call can crash the process.
    this.#worker?.postMessage('stop');
  }
}
