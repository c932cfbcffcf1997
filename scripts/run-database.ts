/**
 * A PostgreSQL database of the test run's own, made from TEST_DATABASE_URL's server and dropped when the run ends.
 * The tests make a schema each inside it; with a database per run, another run's schemas (made, migrated and
 * dropped beside this one) are not even in its catalogue: Kysely's migrator reads every schema's tables, and a
 * schema dropped by another run while it reads fails that read.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createRunDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_run_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
