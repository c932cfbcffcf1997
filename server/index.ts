import type { RequestListener } from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { retryWhileUnavailable } from '../db/availability.ts';
import { type DbHandle, migrateToLatest, openDb, withStartupLock } from '../db/database.ts';
import { countUsers } from '../db/queries/users.ts';
import { seedDemoContent } from './blog/demo-content.ts';
import { createApp } from './app.ts';
import { totpSealing } from './core/secret-box.ts';
import { type Config, ConfigError, loadConfig } from './core/config.ts';
import { type Logger, createLogger } from './core/logger.ts';
import { createPageRenderer } from './http/render.ts';
import { startOutboxWorker } from './outbox/outbox-worker.ts';
import { startRetentionJob } from './privacy/retention.ts';
import { connectRedis } from './http/redis.ts';
import { answerRestarting, createGracefulServer } from './http/graceful-server.ts';
import { routeUncaughtErrors, safeError } from './uncaught-errors.ts';
import { NO_VISIT_COUNTER, configuredCounting, startVisitCounter } from './analytics/visit-counter.ts';
import { createAnalyticsReader } from './analytics/analytics-report.ts';
import { startWeeklySummaries } from './analytics/weekly-summary.ts';
import { startFollowUpEmails } from './inbox/follow-up-emails.ts';
import { createSettingsService } from './settings/settings-service.ts';
import { BLOG_AREA } from './blog/blog-service.ts';
import { startOffsiteBackups } from './backup/start-backups.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync(`${root}/.env`)) process.loadEnvFile(`${root}/.env`);

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

const logger = createLogger(config);

/** Start-up failed: one log line saying why, and exit 1, so a supervisor restarts the site or an operator reads it. */
function failStart(message: string): never {
  logger.fatal(message);
  process.exit(1);
}

// The port first, before anything else starts (workers, timers, connections): a second copy started by
// mistake, or a port taken by something else, stops here at once. Until the site is ready it answers 503.
const site: { app?: RequestListener } = {};
const http = createGracefulServer((req, res) => {
  if (site.app) return site.app(req, res);
  answerRestarting(res, { 'Retry-After': '5' });
});
await new Promise<void>((resolve) => {
  http.server.once('error', (err: NodeJS.ErrnoException) =>
    failStart(
      err.code === 'EADDRINUSE'
        ? `port ${config.PORT} is already in use (another copy of the site?): stop it or set PORT to a free port`
        : `cannot listen on ${config.HOST}:${config.PORT}: ${err.message}`,
    ),
  );
  http.server.listen(config.PORT, config.HOST, resolve);
});

const database = openDb(config.DATABASE_URL, {
  connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  log: logger,
});
try {
  await retryWhileUnavailable(() => prepareDatabase(database, config, logger), config.DATABASE_STARTUP_TIMEOUT_MS);
} catch (err) {
  const { message, code } = safeError(err);
  failStart(
    `database not ready at start (gave up after ${config.DATABASE_STARTUP_TIMEOUT_MS / 1000} s): ${code ? `${code} ` : ''}${message}`,
  );
}

/** Migrations and demo content under the start-up lock (one instance at a time), then the first-admin hint. */
async function prepareDatabase(handle: DbHandle, settings: Config, log: Logger): Promise<void> {
  await withStartupLock(handle, async () => {
    const applied = await migrateToLatest(handle, { totp: totpSealing(settings) });
    if (applied.length) log.info({ migrations: applied }, 'database migrated');
    if (settings.SEED_DEMO_CONTENT) {
      const seeded = await seedDemoContent(handle.db);
      if (seeded) log.info(`added ${seeded} demo blog posts (set SEED_DEMO_CONTENT=false to skip)`);
    }
  });
  if ((await countUsers(handle.db)) === 0) {
    log.warn('No staff account yet. Create the first admin with: npm run admin:create -- --email you@example.com --name "Your Name"');
  }
}

const renderer = await createPageRenderer(root, config.NODE_ENV === 'production');
routeUncaughtErrors(logger);
// Only the client library's loading is awaited, not the connection: with Redis down the site starts in its degraded
// mode and connects when Redis is back.
const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, { timeoutMs: config.REDIS_TIMEOUT_MS, logger }) : undefined;
const outbox = startOutboxWorker(config, database, logger);
const visits = config.ANALYTICS ? await startVisitCounter({ db: database.db, logger, ...configuredCounting(config) }) : NO_VISIT_COUNTER;
const backups = startOffsiteBackups(config, database, logger);
const { listener, redirects, imports } = createApp({ config, database, logger, renderer, redis, outbox, warmPages: true, visits, backups });
site.app = listener;
const retention = startRetentionJob({
  db: database.db,
  logger,
  days: config.LEAD_RETENTION_DAYS,
  unusedImageDays: config.UNUSED_IMAGE_DAYS,
});
const weeklySummaries = config.ANALYTICS
  ? startWeeklySummaries({
      db: database.db,
      logger,
      reader: createAnalyticsReader(database.db, config.TIME_ZONE, true),
      timeZone: config.TIME_ZONE,
      siteUrl: config.SITE_URL,
      companyName: async () => (await createSettingsService({ db: database.db, logger, contentArea: BLOG_AREA }).current()).name,
    })
  : null;
const followUpEmails = startFollowUpEmails({ db: database.db, logger, timeZone: config.TIME_ZONE, siteUrl: config.SITE_URL });
logger.info(`site ready on http://localhost:${(http.server.address() as AddressInfo).port} (${database.engine}, ${config.NODE_ENV})`);

/**
 * SIGTERM/SIGINT: stop accepting, answer requests in flight (with `Connection: close`), close idle connections,
 * give back the outbox claims this instance holds, then close the database and exit 0.
 */
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down`);
  const force = setTimeout(() => {
    logger.error(`still busy ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}; exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await Promise.all([http.drain(), outbox.close(), backups?.stop()]);
  // After the last request: the counts it added are written with the rest.
  await Promise.all([visits.stop(), redirects.stop(), imports.stop()]);
  await renderer.close();
  await retention.stop();
  await weeklySummaries?.stop();
  await followUpEmails.stop();
  redis?.close();
  await database.db.destroy();
  clearTimeout(force);
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
