import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDb } from '../db/database.ts';
import { seedDemoContent } from '../db/seed/seed-demo.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createPageRenderer } from './render.ts';
import { startOutboxWorker } from './services/outbox.ts';
import { startRetentionJob } from './services/retention.ts';
import { connectRedis } from './services/rate-limit.ts';

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
const database = openDb(config.DATABASE_URL);
const applied = await migrateToLatest(database);
if (applied.length) logger.info({ migrations: applied }, 'database migrated');
if (config.SEED_DEMO_CONTENT) {
  const seeded = await seedDemoContent(database.db);
  if (seeded) logger.info(`added ${seeded} demo blog posts (set SEED_DEMO_CONTENT=false to skip)`);
}
const staff = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
if (!staff) {
  logger.warn('No staff account yet. Create the first admin with: npm run admin:create -- --email you@example.com --name "Your Name"');
}

const renderer = await createPageRenderer(root, config.NODE_ENV === 'production');
const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
const app = createApp({ config, database, logger, renderer, redis });
const outbox = startOutboxWorker(config, database, logger);
const retention = startRetentionJob({ db: database.db, logger, days: config.LEAD_RETENTION_DAYS });
const server = app.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  logger.info(`site ready on http://localhost:${port} (${database.engine}, ${config.NODE_ENV})`);
});

/** SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close the database. */
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await renderer.close();
    await outbox.close();
    await retention.stop();
    await redis?.quit();
    await database.db.destroy();
    clearTimeout(force);
    logger.info('stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
