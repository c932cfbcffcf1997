/**
 * `npm run db:backup -- [FILE]`: a consistent copy of the SQLite database, taken while the site keeps serving.
 * Without FILE the copy goes to `backups/<name>-<UTC time>.db` beside the database. Prints the copy's path.
 * PostgreSQL databases are backed up with pg_dump instead (docs/operations.md).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CliError, configuredSqliteFile, copyDatabase, timestampedPath } from './sqlite-backup.ts';

async function main(): Promise<void> {
  const databaseFile = configuredSqliteFile();
  if (!existsSync(databaseFile)) throw new CliError(`No database at ${databaseFile}.`);
  const target = resolve(process.argv[2] ?? timestampedPath(databaseFile));
  const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await copyDatabase(source, target);
  } finally {
    source.close();
  }
  console.log(target);
}

main().catch((err: unknown) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exit(1);
});
