/**
 * `npm run db:restore -- FILE`: puts a backup back as the SQLite database. Stop the site first.
 * FILE must be an intact SQLite database made by this site (a migration history this version knows, and all the
 * tables it implies). The database it replaces is kept in `backups/`, and the old -wal/-shm files are removed so
 * SQLite cannot replay them onto the restored file. The next start migrates the restored database to the current
 * version.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import { NotASiteDatabase, openSiteDatabase } from '../db/sqlite/site-database-check.ts';
import { CliError, configuredSqliteFile, replaceDatabase } from './sqlite-backup.ts';

/** FILE, open, if it is an intact database of this site (db/sqlite/site-database-check.ts); a refusal in words otherwise. */
async function openBackup(file: string): Promise<SQLite.Database> {
  try {
    return (await openSiteDatabase(file)).database;
  } catch (err) {
    throw err instanceof NotASiteDatabase ? new CliError(`Refusing to restore ${file}: ${err.message}`) : err;
  }
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
    const kept = await replaceDatabase(backup, databaseFile);
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
