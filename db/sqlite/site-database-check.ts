/**
 * Whether a SQLite file is an intact database of this site: `db:restore`, `backup:restore` and the weekly check of
 * the newest off-site snapshot ask the same questions (docs/operations.md#back-up-and-restore).
 */
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely/migration';
import { migrations, openDb } from '../database.ts';

/** Why a file is not a database this version of the site can use; the message completes "Refusing to restore FILE: …". */
export class NotASiteDatabase extends Error {}

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
 * Opens FILE read-only, refusing anything but an intact database of this site: a migration history this version
 * knows, and every table that history implies. Returns it open, with the last migration it has applied.
 */
export async function openSiteDatabase(file: string): Promise<{ database: SQLite.Database; schemaVersion: string }> {
  let database: SQLite.Database | undefined;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new NotASiteDatabase(`it is damaged (integrity check: ${String(integrity)}).`);
    const tables = database.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    if (!tables.includes('kysely_migration')) throw new NotASiteDatabase('it is not a database of this site (no migration history).');
    const applied = database.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    const known = Object.keys(migrations);
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length) throw new NotASiteDatabase(`it was made by a newer version of the site (migrations ${unknown.join(', ')}).`);
    if (!applied.includes(known[0]!)) throw new NotASiteDatabase('it is not a database of this site (initial migration missing).');
    const schemaVersion = applied.at(-1)!;
    const missing = (await tablesAfter(schemaVersion)).filter((name) => !tables.includes(name));
    if (missing.length) throw new NotASiteDatabase(`tables of this site are missing (${missing.join(', ')}).`);
    return { database, schemaVersion };
  } catch (err) {
    database?.close();
    if (err instanceof NotASiteDatabase) throw err;
    throw new NotASiteDatabase(`it is not a SQLite database (${(err as Error).message}).`);
  }
}
