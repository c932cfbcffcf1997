import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RequestListener, type Server, createServer } from 'node:http';
import type { RedirectTable } from '../../server/http/redirect-table.ts';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import { type DbEngine, type DbHandle, createMigrator, migrateToLatest, openDb, withStartupLock } from '../../db/database.ts';
import { type AppDeps, createApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/core/config.ts';
import { createLogger } from '../../server/core/logger.ts';
import { NO_VISIT_COUNTER, type VisitCounter, configuredCounting, startVisitCounter } from '../../server/analytics/visit-counter.ts';
import { type PageRenderer, createPageRenderer } from '../../server/http/render.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let renderer: Promise<PageRenderer> | undefined;

/** The production build, loaded once per test file's process. */
export function productionRenderer(): Promise<PageRenderer> {
  renderer ??= createPageRenderer(root, true);
  return renderer;
}

/** The production renderer, counting the pages it renders by URL. */
export async function countingRenderer(): Promise<PageRenderer & { renders: Map<string, number> }> {
  const production = await productionRenderer();
  const renders = new Map<string, number>();
  return {
    ...production,
    renders,
    render: (init) => {
      renders.set(init.urlOriginal, (renders.get(init.urlOriginal) ?? 0) + 1);
      return production.render(init);
    },
  };
}

/** The engines this run can test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function configuredEngines(): DbEngine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase extends DbHandle {
  url: string;
  drop: () => Promise<void>;
}

/**
 * `url` opened and migrated as the server would at start, under its start-up lock; `drop` closes it, then runs
 * `remove`. On PostgreSQL the lock keeps a schema from being dropped while another file's migrations read the
 * catalogue (Kysely's migrator lists every schema's tables).
 */
async function migratedDatabase(url: string, remove: () => Promise<void> | void = () => {}): Promise<TestDatabase> {
  const handle = openDb(url);
  await migrateUp(handle);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy();
      await remove();
    },
  };
}

/*
 * What a test does to a database's schema, on PostgreSQL under the same start-up lock as the drops above: Kysely's
 * migrator and introspection list every schema's tables, and a schema another file drops during that listing
 * makes it fail ("relation … does not exist").
 */
/** Migrates up to the latest version; the names of the migrations run. */
export const migrateUp = (handle: DbHandle, options?: Parameters<typeof migrateToLatest>[1]) =>
  withStartupLock(handle, () => migrateToLatest(handle, options));
/** Migrates up or down to `target` (a migration's name, or Kysely's NO_MIGRATIONS). */
export const migrateTo = (handle: DbHandle, target: Parameters<ReturnType<typeof createMigrator>['migrateTo']>[0]) =>
  withStartupLock(handle, () => createMigrator(handle).migrateTo(target));
/** Every table the database's introspection lists (on PostgreSQL, every schema's). */
export const listTables = (handle: DbHandle) => withStartupLock(handle, () => handle.db.introspection.getTables());
/** Drops a test's PostgreSQL schema; `handle` needs two connections, one to hold the lock, one to drop. */
export const dropSchema = (handle: DbHandle, schema: string) =>
  withStartupLock(handle, () => handle.db.schema.dropSchema(schema).ifExists().cascade().execute());

/**
 * A fresh, migrated database of its own: a new SQLite file in a temp folder, or a new PostgreSQL schema
 * (so parallel runs never see each other's rows).
 */
export async function createTestDatabase(engine: DbEngine = 'sqlite'): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    return migratedDatabase(`${base}${base.includes('?') ? '&' : '?'}schema=${schema}`, async () => {
      const cleanup = openDb(base, { poolSize: 2 });
      await dropSchema(cleanup, schema);
      await cleanup.db.destroy();
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'site-test-'));
  return migratedDatabase(`file:${join(dir, 'site.db')}`, () => rmSync(dir, { recursive: true, force: true }));
}

export interface TestApp {
  /**
   * The whole site, listening on a loopback port for the app's life (supertest's `request(t.app)` uses it). Given a
   * bare listener, supertest would start and close a server for every request; with tens of thousands of closed
   * connections on the machine, each start spent milliseconds finding a free port (property tests: 66 s → 20 s).
   */
  app: Server;
  /** The same site as the server hands it requests, for a server of the test's own. */
  listener: RequestListener;
  /** The Express app behind it, whose routes a test may read. */
  express: Express;
  /** The redirects this instance answers: a test flushes their hits (`redirects.flush()`). */
  redirects: RedirectTable;
  config: Config;
  database: TestDatabase;
  /** The visit counter: a real one with `analytics`, else the one that counts nothing. */
  visits: VisitCounter;
  close: () => Promise<void>;
}

/** An existing SQLite database (e.g. one just restored), migrated as the server would at start; never deleted. */
export function openTestDatabase(url: string): Promise<TestDatabase> {
  return migratedDatabase(url);
}

export interface TestAppOptions {
  engine?: DbEngine;
  env?: Record<string, string>;
  databaseUrl?: string;
  logDestination?: DestinationStream;
  /** Another renderer than the production build's, e.g. one that counts renders. */
  renderer?: PageRenderer;
  warmPages?: boolean;
  /** Count visits (server/analytics), on this clock; the test flushes (`visits.flush()`), no timer does. */
  analytics?: { now?: () => number };
  /** The off-site backup schedule the app tells of each lead (server/backup/backup-schedule.ts). */
  backups?: AppDeps['backups'];
}

/** The configuration of a site under test: production, quiet, on `databaseUrl`, with `env` over it. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SITE_URL: 'https://www.example.com.au',
    ...env,
  });
}

/**
 * `createApp` on a fresh database (or, with `databaseUrl`, an existing one) and the production build, with
 * test-friendly configuration.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? await openTestDatabase(options.databaseUrl) : await createTestDatabase(options.engine);
  const config = testConfig(database.url, options.env);
  const logger = createLogger(config, options.logDestination);
  const renderer = options.renderer ?? (await productionRenderer());
  const visits = options.analytics
    ? await startVisitCounter({
        db: database.db,
        logger,
        ...configuredCounting(config),
        flushEveryMs: 3_600_000,
        now: options.analytics.now,
      })
    : NO_VISIT_COUNTER;
  const site = createApp({ config, database, logger, renderer, warmPages: options.warmPages ?? false, visits, backups: options.backups });
  const server = createServer(site.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A test that never closes its app still ends.
  server.unref();
  return {
    app: server,
    listener: site.listener,
    express: site.express,
    redirects: site.redirects,
    config,
    database,
    visits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([visits.stop(), site.redirects.stop(), site.imports.stop()]);
      await database.drop();
    },
  };
}
