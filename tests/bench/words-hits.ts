/**
 * Cached pages with and without stored words (prints numbers, asserts nothing; issue #37 item 10). Run after a build:
 *   npm run build && node tests/bench/words-hits.ts
 * Two production servers as `npm run serve` starts them, on SQLite files of their own with the demo posts: one with
 * no stored words (today's, from code: "before"), one where every page and service has published words ("after").
 * The cached `/` and `/services` of each at 32 keep-alive connections with `Accept-Encoding: gzip`, on bare sockets,
 * in three alternating rounds of `BENCH_SECONDS / 3` each, so both servers see the same moments of a shared machine.
 * A stored page costs the same whatever words it was rendered from: the ratio should stay near 1.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDb } from '../../db/database.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { createLogger } from '../../server/core/logger.ts';
import { loadConfig } from '../../server/core/config.ts';
import { createSiteWordsService } from '../../server/site-words/site-words-service.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { BUILT_IN_KEYS, defaultSiteWords, fieldsOf, wordsOf } from '../../shared/site-words.ts';
import { startServed } from '../helpers/serve-command.ts';
import { exited } from '../helpers/server-process.ts';
import { measureThroughput } from './http-load.ts';
import { reportFigure } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const ROUNDS = 3;
const GZIP = { 'Accept-Encoding': 'gzip' };
const PAGES = ['/', '/services'];

/** Publishes words for every page, service and the navigation: today's, with each one-line field but the SEO title marked. */
async function publishEveryPage(url: string): Promise<void> {
  const database = openDb(url);
  try {
    await migrateToLatest(database);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const words = createSiteWordsService({ db: database.db, logger: createLogger(config), contentArea: 'blog' });
    const name = DEFAULT_SITE_SETTINGS.name;
    const defaults = defaultSiteWords(name);
    for (const key of BUILT_IN_KEYS) {
      const own = { ...wordsOf(defaults, key) };
      for (const [field, spec] of Object.entries(fieldsOf(key))) {
        if (spec.kind === 'line' && field !== 'seoTitle') own[field] = `${String(own[field]).slice(0, spec.max - 2)} ·`;
      }
      await words.save(key, own, { version: 0, publish: true, actor: SYSTEM_ACTOR, name });
    }
  } finally {
    await database.db.destroy();
  }
}

/** The server as `npm run serve` starts it, on `url`. */
function startServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  return startServed({ DATABASE_URL: url, SESSION_SECRET: randomBytes(32).toString('hex'), SEED_DEMO_CONTENT: 'true', LOG_LEVEL: 'warn' });
}

const dir = mkdtempSync(join(tmpdir(), 'bench-words-'));
const servers: ChildProcess[] = [];
try {
  execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
  const published = `file:${join(dir, 'published.db')}`;
  await publishEveryPage(published);
  const before = await startServer(`file:${join(dir, 'defaults.db')}`);
  const after = await startServer(published);
  servers.push(before.child, after.child);
  // Each page once on each server, so every load below is of stored pages; the marked words show they were read.
  for (const path of PAGES) {
    const [plain, stored] = await Promise.all([
      fetch(before.base + path).then((r) => r.text()),
      fetch(after.base + path).then((r) => r.text()),
    ]);
    if (plain.includes(' ·<') || !stored.includes(' ·<')) throw new Error(`${path}: the stored words are not the only ones shown`);
  }

  console.log(`\ncached pages, default words (before) and every page's published words (after), c${CONNECTIONS} gzip, ${SECONDS} s each`);
  const slice = SECONDS / ROUNDS;
  for (const path of PAGES) {
    const rates = { before: [] as number[], after: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      rates.before.push((await measureThroughput([before.base + path], slice, CONNECTIONS, { headers: GZIP, raw: true })).perSecond);
      rates.after.push((await measureThroughput([after.base + path], slice, CONNECTIONS, { headers: GZIP, raw: true })).perSecond);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const fmt = (values: number[]) => values.map((v) => Math.round(v).toLocaleString('en-AU')).join(' · ');
    console.log(
      `${path}: before ${fmt(rates.before)} req/s; after ${fmt(rates.after)} req/s; ratio ${(mean(rates.after) / mean(rates.before)).toFixed(2)}`,
    );
    reportFigure({
      bench: 'words-hits',
      engine: 'sqlite',
      figure: `cached ${path}, every page's words published`,
      unit: 'req/s',
      value: mean(rates.after),
      baseline: `cached ${path}, default words`,
      baselineValue: mean(rates.before),
    });
  }
} finally {
  for (const child of servers) {
    child.kill('SIGTERM');
    await exited(child);
  }
  rmSync(dir, { recursive: true, force: true });
}
