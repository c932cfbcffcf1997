/**
 * Redirect answers beside cached-page hits on the same server (prints numbers, asserts nothing; issue #39 item 4:
 * "answered … at cache-hit speed"). Run after a build:
 *   npm run build && node tests/bench/redirect-hits.ts
 * One production server as `npm run serve` starts it, on an SQLite file of its own with the demo posts and 2,000
 * redirects (a large WordPress site's old addresses, written as an import writes them). At 32 keep-alive
 * connections on bare sockets, in three alternating rounds of `BENCH_SECONDS / 3` each: 200 of those old addresses
 * in turn (each a `301`, its hit counted), then the cached `/` with `Accept-Encoding: gzip`. A redirect is a map
 * lookup and an empty answer on the same early path as a stored page, so the ratio should be 1 or above.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDb } from '../../db/database.ts';
import { insertRedirects } from '../../db/queries/redirects.ts';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { measureThroughput } from './http-load.ts';
import { reportFigure } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const ROUNDS = 3;
const REDIRECTS = 2000;
const GZIP = { 'Accept-Encoding': 'gzip' };

/** WordPress's date-based permalinks, each to a post of the new site. */
const oldAddress = (i: number) => `/${2015 + (i % 10)}/${String((i % 12) + 1).padStart(2, '0')}/old-post-${i}/`;

async function addRedirects(url: string): Promise<void> {
  const database = openDb(url);
  try {
    await migrateToLatest(database);
    const rows = Array.from({ length: REDIRECTS }, (_, i) => ({
      from: oldAddress(i),
      to: `/blog/new-post-${i}`,
      status: 301 as const,
      origin: 'import' as const,
    }));
    const { added } = await database.db.transaction().execute((trx) => insertRedirects(trx, rows));
    if (added !== REDIRECTS) throw new Error(`only ${added} of ${REDIRECTS} redirects were added`);
  } finally {
    await database.db.destroy();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-redirects-'));
let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
try {
  // `npm run serve` runs the bundle (`npm run build`).
  execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
  const url = `file:${join(dir, 'site.db')}`;
  await addRedirects(url);
  const { env, args } = serveCommand();
  const port = await freePort();
  server = await startServerProcess(
    port,
    { ...env, DATABASE_URL: url, SESSION_SECRET: randomBytes(32).toString('hex'), SEED_DEMO_CONTENT: 'true', LOG_LEVEL: 'warn' },
    { args, readyPath: '/readyz' },
  );
  const base = `http://127.0.0.1:${port}`;
  const olds = Array.from({ length: 200 }, (_, i) => base + oldAddress(i * 10));
  // Each answered once, as a visitor would find them: the page stored, the redirect table read.
  const page = await fetch(`${base}/`, { headers: GZIP });
  const moved = await fetch(olds[0]!, { redirect: 'manual' });
  if (page.status !== 200 || moved.status !== 301 || moved.headers.get('location') !== '/blog/new-post-0') {
    throw new Error(`/ answered ${page.status}; ${olds[0]} answered ${moved.status} to ${moved.headers.get('location')}`);
  }

  console.log(
    `\nredirects (301, ${REDIRECTS.toLocaleString('en-AU')} in the table) beside the cached / (gzip), c${CONNECTIONS}, ${SECONDS} s each`,
  );
  const slice = SECONDS / ROUNDS;
  const rates = { redirect: [] as number[], page: [] as number[] };
  const p99 = { redirect: [] as number[], page: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const redirect = await measureThroughput(olds, slice, CONNECTIONS, { raw: true, status: 301 });
    const cached = await measureThroughput([`${base}/`], slice, CONNECTIONS, { headers: GZIP, raw: true });
    if (redirect.errors || cached.errors) throw new Error(`errors: ${redirect.errors} redirects, ${cached.errors} pages`);
    rates.redirect.push(redirect.perSecond);
    rates.page.push(cached.perSecond);
    p99.redirect.push(redirect.p99);
    p99.page.push(cached.p99);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const fmt = (values: number[]) => values.map((v) => Math.round(v).toLocaleString('en-AU')).join(' · ');
  const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(' · ');
  console.log(`redirects: ${fmt(rates.redirect)} req/s (p99 ${ms(p99.redirect)} ms)`);
  console.log(`cached /:  ${fmt(rates.page)} req/s (p99 ${ms(p99.page)} ms)`);
  console.log(`ratio ${(mean(rates.redirect) / mean(rates.page)).toFixed(2)}`);
  reportFigure({
    bench: 'redirect-hits',
    engine: 'sqlite',
    figure: `redirect answers (301), ${REDIRECTS} redirects`,
    unit: 'req/s',
    value: mean(rates.redirect),
    baseline: 'cached / (gzip), same server',
    baselineValue: mean(rates.page),
  });
} finally {
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  rmSync(dir, { recursive: true, force: true });
}
