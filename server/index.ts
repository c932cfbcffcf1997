import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDb, withStartupLock } from '../db/database.ts';
import { countUsers } from '../db/queries/users.ts';
import { seedDemoContent } from '../scripts/seed-demo.ts';
import { createApp } from './app.ts';
import { totpSealing } from './staff/secret-box.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createPageRenderer } from './render.ts';
import { startOutboxWorker } from './outbox/outbox-worker.ts';
import { startRetentionJob } from './privacy/retention.ts';
import { connectRedis } from './http/redis.ts';
import { createGracefulServer } from './http/graceful-server.ts';
import { routeUncaughtErrors } from './uncaught-errors.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync(`${root}/.env`)) process.loadEnvFile(`${root}/.env`);

let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

const logger = createLogger(config);
const database = openDb(config.DATABASE_URL, {
  connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  log: logger,
});
await withStartupLock(database, async () => {
  const applied = await migrateToLatest(database, { totp: totpSealing(config) });
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  if (config.SEED_DEMO_CONTENT) {
    const seeded = await seedDemoContent(database.db);
    if (seeded) logger.info(`added ${seeded} demo blog posts (set SEED_DEMO_CONTENT=false to skip)`);
  }
});
if ((await countUsers(database.db)) === 0) {
  logger.warn('No staff account yet. Create the first admin with: npm run admin:create -- --email you@example.com --name "Your Name"');
}

const renderer = await createPageRenderer(root, config.NODE_ENV === 'production');
routeUncaughtErrors(logger);
// Not awaited: with Redis down the site starts in its degraded mode and connects when Redis is back.
const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, { timeoutMs: config.REDIS_TIMEOUT_MS, logger }) : undefined;
const outbox = startOutboxWorker(config, database, logger);
const app = createApp({ config, database, logger, renderer, redis, outbox, warmPages: true });
const retention = startRetentionJob({ db: database.db, logger, days: config.LEAD_RETENTION_DAYS });
const http = createGracefulServer(app);
const server = http.server.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  logger.info(`site ready on http://localhost:${port} (${database.engine}, ${config.NODE_ENV})`);
});

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
  await Promise.all([http.drain(), outbox.close()]);
  await renderer.close();
  await retention.stop();
  redis?.close();
  await database.db.destroy();
  clearTimeout(force);
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
