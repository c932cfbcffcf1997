/**
 * Page latency without and during a 2,000-post WordPress import (prints numbers, asserts nothing; issue #39 item 8).
 * Run after a build:   npm run build && node tests/bench/import-latency.ts
 * One production server as `npm run serve` starts it, on an SQLite file with the demo posts. A cached page (`/`,
 * stored) and an uncached one (`/blog?q=…`, a new search each time, rendered from the database) are timed one
 * request at a time: first with nothing else running (the baseline), then while the server imports a WordPress
 * export of BENCH_IMPORT_POSTS posts (2,000) through the Import page's API, from the upload to the report.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDb } from '../../db/database.ts';
import type { ImportStatus } from '../../shared/import-messages.ts';
import { ORIGIN, STAFF, StaffClient, createStaff } from '../helpers/admin-client.ts';
import { startServed } from '../helpers/serve-command.ts';
import { exited } from '../helpers/server-process.ts';
import { type WxrItem, wxr } from '../helpers/wxr.ts';
import { type Latency, percentile, reportLatency, reportNote } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const POSTS = Number(process.env.BENCH_IMPORT_POSTS ?? 2000);
const SAMPLES = 300;
const OLD = 'https://old.example';

/** An export of `count` published posts, each a few paragraphs with a block comment and two tags. */
function bigExport(count: number): string {
  const paragraph = 'Networks, servers and the people who look after them. '.repeat(12);
  const items: WxrItem[] = Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    title: `Imported post ${i + 1}`,
    slug: `imported-post-${i + 1}`,
    link: `${OLD}/2023/01/imported-post-${i + 1}/`,
    dateGmt: `2023-01-${String((i % 28) + 1).padStart(2, '0')} 08:00:00`,
    categories: [
      { domain: 'category', slug: `topic-${i % 20}`, name: `Topic ${i % 20}` },
      { domain: 'post_tag', slug: 'archive', name: 'Archive' },
    ],
    content: `<!-- wp:paragraph --><p>${paragraph}</p><!-- /wp:paragraph -->\n\n<p>${paragraph}</p>`,
  }));
  return wxr(OLD, items);
}

/** The server as `npm run serve` starts it, on `url`, taking staff requests as a browser on the site sends them. */
function startServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  return startServed({
    DATABASE_URL: url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_CONTENT: 'true',
    // Staff requests come as a browser on the site would send them: its origin, over HTTPS through a proxy.
    SITE_URL: ORIGIN,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  });
}

/** Times one call of `run`, adding it to `times`. */
async function timed(run: () => Promise<unknown>, times: number[]): Promise<void> {
  const start = performance.now();
  await run();
  times.push(performance.now() - start);
}

function latencyOf(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
let server: ChildProcess | null = null;
try {
  execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
  const url = `file:${join(dir, 'site.db')}`;
  const database = openDb(url);
  await migrateToLatest(database);
  await createStaff(database.db);
  await database.db.destroy();
  const started = await startServer(url);
  server = started.child;
  const staff = new StaffClient(started.base, '127.0.0.1');
  if ((await staff.signIn(STAFF.email, STAFF.password)).status !== 200) throw new Error('sign-in failed');

  let search = 0;
  const cached = () => fetch(`${started.base}/`).then((r) => r.arrayBuffer());
  const uncached = () => fetch(`${started.base}/blog?q=server${(search += 1)}`).then((r) => r.arrayBuffer());
  // The baseline is timed the same way: both pages side by side, with nothing else running.
  const before = { cached: [] as number[], uncached: [] as number[] };
  await Promise.all([
    (async () => {
      for (let i = 0; i < SAMPLES; i += 1) await timed(cached, before.cached);
    })(),
    (async () => {
      for (let i = 0; i < SAMPLES / 5; i += 1) await timed(uncached, before.uncached);
    })(),
  ]);

  const file = bigExport(POSTS);
  const plan = (await staff.req('post', '/api/admin/imports?name=big.xml').set('Content-Type', 'application/octet-stream').send(file))
    .body as ImportStatus;
  const importStart = performance.now();
  const start = await staff.req('post', `/api/admin/imports/${plan.id}/start`).send();
  if (start.status !== 202) throw new Error(`the import did not start: ${start.status} ${start.text}`);
  let running = true;
  let last: ImportStatus = start.body as ImportStatus;
  const watch = (async () => {
    while (running) {
      last = (await staff.req('get', `/api/admin/imports/${plan.id}`)).body as ImportStatus;
      running = last.state === 'running';
      if (running) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  // Both pages timed side by side, one request each at a time, across the whole import.
  const during = { cached: [] as number[], uncached: [] as number[] };
  await Promise.all([
    (async () => {
      while (running) await timed(cached, during.cached);
    })(),
    (async () => {
      while (running) await timed(uncached, during.uncached);
    })(),
  ]);
  await watch;
  const seconds = (performance.now() - importStart) / 1000;
  if (last.state !== 'done') throw new Error(`the import ended ${last.state}: ${last.error}`);

  console.log(`\npage latency without and during an import of ${POSTS} posts (${seconds.toFixed(1)} s), one request at a time`);
  reportLatency('import-latency', 'sqlite', 'cached / during the import', latencyOf(during.cached), 'without', latencyOf(before.cached));
  reportLatency(
    'import-latency',
    'sqlite',
    'uncached /blog?q= during the import',
    latencyOf(during.uncached),
    'without',
    latencyOf(before.uncached),
  );
  reportNote(
    `import of ${POSTS} posts took ${seconds.toFixed(1)} s; ${latencyOf(during.cached).n} cached and ${latencyOf(during.uncached).n} uncached requests timed during it, the two side by side`,
  );
} finally {
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  rmSync(dir, { recursive: true, force: true });
}
