import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { openSqlite } from './sqlite.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;
export type DbEngine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  engine: DbEngine;
  /** PostgreSQL only: the schema every query runs in, when not `public`. */
  schema?: string;
}

export interface OpenDbOptions {
  poolSize?: number;
}

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
    const pool = new pg.Pool({
      connectionString: parsed.href,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return schema ? { db, engine: 'postgres', schema } : { db, engine: 'postgres' };
  }
  const file = url.replace(/^file:/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }) }), engine: 'sqlite' };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return `"${name}"`;
}

/** The migrator for a handle; with a PostgreSQL schema, its bookkeeping tables live in that schema too. */
export function createMigrator(handle: DbHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

/** Brings the database to the latest migration (creating a named PostgreSQL schema first); returns what ran. */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  if (handle.schema) await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  const { error, results } = await createMigrator(handle).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
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
