import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type MigrationContext, migrations, migrationsFor } from './migrations/index.ts';
import { type SqliteEvents, sqliteDialect } from './sqlite/dialect.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;
/** The runner is the one door to the migrations: live code and scripts reach their names and context here. */
export { migrations, type MigrationContext };
export type DbEngine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: DbEngine;
  /** PostgreSQL only: the schema every query runs in, when not `public`. */
  schema?: string;
}

export interface OpenDbOptions {
  poolSize?: number;
  /** PostgreSQL: longest wait for a new connection, or for a free one in the pool. */
  connectTimeoutMs?: number;
  /** PostgreSQL: longest a statement may run; a connection that stays silent past it is discarded. */
  queryTimeoutMs?: number;
  /** Where background failures go: dropped PostgreSQL connections, a stopped SQLite checkpointer. */
  log?: (SqliteEvents & { error(obj: object, msg: string): void }) | undefined;
}

/** Defaults of DATABASE_CONNECT_TIMEOUT_MS and DATABASE_QUERY_TIMEOUT_MS (server/core/config.ts). */
export const DB_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5000, queryTimeoutMs: 5000 };

/**
 * The one place that turns DATABASE_URL into a Kysely instance. `file:` → SQLite, `postgres://` → PostgreSQL.
 * A PostgreSQL URL may name a schema with `?schema=name` (tests give each run its own; operators may share
 * one database between sites).
 */
export function openDb(url: string, options: OpenDbOptions = {}): DbHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    const { connectTimeoutMs, queryTimeoutMs } = { ...DB_TIMEOUT_DEFAULTS, ...options };
    const settings = [
      ...(schema ? [`-c search_path=${quoteIdent(schema)}`] : []),
      // The server ends a long statement itself, leaving the connection usable; query_timeout below is for a
      // server that cannot even say so (a network that went silent).
      `-c statement_timeout=${queryTimeoutMs}`,
    ];
    const pool = new pg.Pool({
      connectionString: parsed.href,
      max: options.poolSize ?? 10,
      options: settings.join(' '),
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs + 1000,
      // A peer that vanished without a word is noticed on idle connections too.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection that breaks (the server restarts, the network drops it) is removed by the pool; without
    // a listener its error would end the process.
    pool.on('error', (err) => options.log?.error({ err }, 'idle PostgreSQL connection dropped'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingBrokenClients(pool) }) });
    return schema ? { db, engine: 'postgres', schema } : { db, engine: 'postgres' };
  }
  const file = url.replace(/^file:/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return { db: new Kysely<Database>({ dialect: sqliteDialect(file, { log: options.log }) }), engine: 'sqlite' };
}

/**
 * pg's pool takes back a client whose query timed out or whose socket failed as if it were healthy: the next
 * query on it waits behind the lost one, and every request after a network blip hangs until the pool is
 * rebuilt. A client whose query failed for any reason other than an error answered by the server is destroyed
 * on release, so the pool opens a fresh connection instead.
 */
function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = (...args: Parameters<PostgresPoolClient['query']>) => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise) {
          result.catch((err: unknown) => {
            if (!(err instanceof pg.DatabaseError)) broken ??= err instanceof Error ? err : new Error(String(err));
          });
        }
        return result;
      };
      return {
        // Kysely reads the backend's process id to cancel a query; without it, it would ask the server.
        processID: (client as { processID?: number }).processID,
        query: query as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(broken ?? destroy),
      };
    },
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return `"${name}"`;
}

/** The migrator for a handle; with a PostgreSQL schema, its bookkeeping tables live in that schema too. */
export function createMigrator(handle: DbHandle, context: MigrationContext = {}): Migrator {
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(context) },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

/**
 * Brings the database to the latest migration (creating a named PostgreSQL schema first); returns what ran. The
 * server passes `context` (its TOTP key); tools without configuration may omit it.
 */
export async function migrateToLatest(handle: DbHandle, context: MigrationContext = {}): Promise<string[]> {
  if (handle.schema) await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  const { error, results } = await createMigrator(handle, context).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** An arbitrary constant naming the start-up advisory lock. */
const STARTUP_LOCK = 0x6e62_0001;

/**
 * Runs `work` (migrations, the demo seed) while holding a database-wide lock, so instances starting at the same
 * moment on an empty database do it one after the other: otherwise both race to create the schema, and both
 * see an empty blog and add every demo post twice (the copies under "-2" slugs). PostgreSQL: a session advisory
 * lock on a connection of its own. SQLite has one process per file, so there is nobody to wait for.
 */
export async function withStartupLock<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (handle.engine !== 'postgres') return work();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

/** True when the database answers a trivial query; used by /readyz. */
export async function isDbReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
