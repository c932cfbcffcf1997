/**
 * One site process for the SQLite driver bench (sqlite-driver.ts): the whole app on an SQLite file through the
 * site's own driver (`custom`: db/sqlite/dialect.ts) or Kysely's `SqliteDialect` on better-sqlite3 with the same
 * WAL settings (`kysely`). The rest is the server's: the demo posts, the production build, warm pages.
 * Usage: PORT=… node tests/bench/sqlite-driver-site.ts custom|kysely FILE   (configuration from the environment)
 */
import http from 'node:http';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { type DbHandle, migrateToLatest, openDb } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { createApp } from '../../server/app.ts';
import { seedDemoContent } from '../../server/blog/demo-content.ts';
import { loadConfig } from '../../server/core/config.ts';
import { createLogger } from '../../server/core/logger.ts';
import { productionRenderer } from '../helpers/test-app.ts';

const [driver, file = ''] = process.argv.slice(2);

/** Kysely's own driver: a statement prepared per query, SQLite's busy timeout, checkpoints inside commits. */
function kyselysDriver(path: string): DbHandle {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), engine: 'sqlite' };
}

const database = driver === 'kysely' ? kyselysDriver(file) : openDb(`file:${file}`);
await migrateToLatest(database);
await seedDemoContent(database.db);
const config = loadConfig({ ...process.env, DATABASE_URL: `file:${file}` });
const site = createApp({ config, database, logger: createLogger(config), renderer: await productionRenderer(), warmPages: true });
http.createServer(site.listener).listen(config.PORT, '127.0.0.1');
