/**
 * `npm run db:restore -- FILE`: puts a backup back as the SQLite database. Stop the site first.
 * FILE must be an intact SQLite database made by this site (a migration history this version knows, and all the
 * tables it implies). The database it replaces is kept in `backups/`, and the old -wal/-shm files are removed so
 * SQLite cannot replay them onto the restored file. The next start migrates the restored database to the current
 * version.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely/migration';
import { migrations, openDb } from '../db/database.ts';
import { CliError, configuredSqliteFile, copyDatabase, timestampedPath } from './sqlite-backup.ts';

/** The tables a database has after the given migrations: they are run on an empty in-memory database. */
async function tablesAfter(lastMigration: string): Promise<string[]> {
  const scratch = openDb('file::memory:');
  try {
    const migrator = new Migrator({ db: scratch.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(lastMigration);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (await scratch.db.introspection.getTables()).map((t) => t.name);
  } finally {
    await scratch.db.destroy();
  }
}

/**
 * Opens FILE, refusing anything but an intact database of this site: a migration history this version knows,
 * and every table that history implies.
 */
async function openBackup(file: string): Promise<SQLite.Database> {
  const refuse = (why: string) => new CliError(`Refusing to restore ${file}: ${why}`);
  let backup: SQLite.Database | undefined;
  try {
    backup = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = backup.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw refuse(`it is damaged (integrity check: ${String(integrity)}).`);
    const tables = backup.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    if (!tables.includes('kysely_migration')) throw refuse('it is not a database of this site (no migration history).');
    const applied = backup.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    const known = Object.keys(migrations);
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length) throw refuse(`it was made by a newer version of the site (migrations ${unknown.join(', ')}).`);
    if (!applied.includes(known[0]!)) throw refuse('it is not a database of this site (initial migration missing).');
    const missing = (await tablesAfter(applied.at(-1)!)).filter((name) => !tables.includes(name));
    if (missing.length) throw refuse(`tables of this site are missing (${missing.join(', ')}).`);
    return backup;
  } catch (err) {
    backup?.close();
    if (err instanceof CliError) throw err;
    throw refuse(`it is not a SQLite database (${(err as Error).message}).`);
  }
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

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new CliError('Usage: npm run db:restore -- FILE');
  const file = resolve(arg);
  if (!existsSync(file)) throw new CliError(`No file at ${file}.`);
  const databaseFile = configuredSqliteFile();
  if (file === databaseFile) throw new CliError('FILE is the live database itself.');

  const backup = await openBackup(file);
  try {
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
    console.log(`Restored ${file} to ${databaseFile}.`);
    if (kept) console.log(`The replaced database is kept at ${kept}.`);
  } finally {
    backup.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exit(1);
});
