/** What `db:backup`, `db:restore` and `backup:restore` share: where the SQLite file is, where copies go, and how to copy it. */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadCliConfig } from './cli-env.ts';

export class CliError extends Error {}

/** The SQLite file behind the configured DATABASE_URL (`.env` is read as the server reads it). */
export function configuredSqliteFile(): string {
  const url = loadCliConfig().DATABASE_URL;
  if (!url.startsWith('file:')) {
    throw new CliError('DATABASE_URL is PostgreSQL: back it up with pg_dump (see docs/operations.md).');
  }
  const file = url.slice('file:'.length);
  if (file === ':memory:') throw new CliError('DATABASE_URL is an in-memory database: there is nothing to back up.');
  return resolve(file);
}

/** `backups/site-2026-11-22T07-30-00.123Z.db` beside the database (no colons: not every file system allows them). */
export function timestampedPath(databaseFile: string, label = ''): string {
  const stamp = new Date().toISOString().replaceAll(':', '-');
  const name = basename(databaseFile, extname(databaseFile));
  return join(dirname(databaseFile), 'backups', `${name}${label}-${stamp}.db`);
}

/**
 * Copies `source` (an open connection) to a new file with SQLite's online backup API. All pages go in one step,
 * inside one read transaction: writers carry on (WAL), and the copy is the database as of one moment.
 */
export async function copyDatabase(source: SQLite.Database, target: string): Promise<void> {
  if (existsSync(target)) throw new CliError(`${target} already exists; choose another file.`);
  mkdirSync(dirname(target), { recursive: true });
  await source.backup(target, { progress: () => 0x7fffffff });
}

/** Opens the live database alone: exclusive locking fails while the site (or anything else) has it open. */
function openAlone(databaseFile: string): SQLite.Database {
  const live = new SQLite(databaseFile, { fileMustExist: true, timeout: 1000 });
  try {
    live.pragma('locking_mode = EXCLUSIVE');
    live.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (err) {
    live.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') {
      throw new CliError(`${databaseFile} is in use: stop the site first, then restore.`);
    }
    throw err;
  }
  return live;
}

/**
 * Puts `backup` (an open, checked database) in place of `databaseFile`, refusing while anything has that file open.
 * The database it replaces is kept in `backups/` (its path is returned), and old -wal/-shm files are removed so
 * SQLite cannot replay them onto the restored file.
 */
export async function replaceDatabase(backup: SQLite.Database, databaseFile: string): Promise<string | undefined> {
  let kept: string | undefined;
  if (existsSync(databaseFile)) {
    const live = openAlone(databaseFile);
    try {
      kept = timestampedPath(databaseFile, '-replaced');
      await copyDatabase(live, kept);
    } finally {
      live.close();
    }
  }
  // Written beside the database, then renamed over it: the swap is atomic.
  const incoming = `${databaseFile}.restoring`;
  rmSync(incoming, { force: true });
  await copyDatabase(backup, incoming);
  for (const stale of ['-wal', '-shm', '-journal']) rmSync(databaseFile + stale, { force: true });
  renameSync(incoming, databaseFile);
  return kept;
}
