/**
 * Benchmark: page latency while the site uploads its off-site backup, beside the same pages from the same database
 * with backups off, in the same run (docs/operations.md#off-site-backups). Prints numbers; asserts nothing.
 * A database of BENCH_POSTS (default 4,000) generated posts, about 27 MB, is served by two production server
 * processes one after the other: one without BACKUP_URL, one uploading every second (BACKUP_EVERY=1s) to an
 * S3-compatible stand-in in a process of its own. Each is timed for BENCH_SECONDS (default 10) of `/` and
 * `/healthz`, one request at a time.
 * Usage: npm run build && node tests/bench/backup-upload.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDb } from '../../db/database.ts';
import { insertBlogs } from '../../db/queries/blogs.ts';
import { parsePost, storedPost } from '../../server/blog/blog-service.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { type Latency, percentile, reportLatency } from './report.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 4_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOKEN = 'bench-metrics-token-0123456789';
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Posts of varied words (so the copy compresses as a real one does), straight into the database. */
async function generate(url: string): Promise<void> {
  const handle = openDb(url);
  await migrateToLatest(handle);
  const words = 'rack cable switch backup restore firewall server storage cloud office patch audit'.split(' ');
  const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(Math.random() * words.length)]).join(' ');
  for (let start = 0; start < POSTS; start += 500) {
    const rows = Array.from({ length: Math.min(500, POSTS - start) }, (_, k) => {
      const at = new Date(Date.now() - (start + k) * 60_000).toISOString();
      const content = `<p>${text(180)}</p>`;
      const title = `${text(5)} ${start + k}`;
      const fields = { title, excerpt: text(20), author: 'Bench', content, featuredImage: '', tags: 'Bench', published: true };
      const data = parsePost({ ...fields, publishedAt: at });
      return storedPost(data, {
        id: crypto.randomUUID(),
        slug: `bench-${start + k}`,
        publishedAt: at,
        publishDateFixed: true,
        createdAt: at,
        updatedAt: at,
      });
    });
    await handle.db.transaction().execute((trx) => insertBlogs(trx, rows));
  }
  await handle.db.destroy();
}

/** The S3-compatible stand-in in a process of its own, so its work is not timed as the site's; resolves with its env. */
async function startStandIn(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const code =
    "import { startS3StandIn } from './tests/helpers/s3-server.ts'; const s = await startS3StandIn(); console.log(JSON.stringify(s.env));";
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString())));
  return { child, env: JSON.parse(line) as Record<string, string> };
}

/** When the last upload finished (0 for none), and failures since the last success. */
async function uploads(base: string): Promise<{ last: number; failures: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const figure = (name: string) => Number(new RegExp(`^${name}\\{job="upload"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { last: figure('site_backup_last_success_timestamp_seconds'), failures: figure('site_backup_failures') };
}

/** `/` and `/healthz` in turn, one at a time, for SECONDS; counts the uploads that finished meanwhile. */
async function timePages(base: string): Promise<{ page: Latency; health: Latency; uploadsDone: number; failures: number }> {
  const times = { page: [] as number[], health: [] as number[] };
  const done = new Set<number>();
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    for (const [key, path] of [
      ['page', '/'],
      ['health', '/healthz'],
    ] as const) {
      const t0 = performance.now();
      await (await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer();
      times[key].push(performance.now() - t0);
    }
    if (times.page.length % 20 === 0) {
      const seen = await uploads(base);
      if (seen.last) done.add(seen.last);
      failures = Math.max(failures, seen.failures);
    }
  }
  const latency = (t: number[]): Latency => {
    t.sort((a, b) => a - b);
    return { p50: percentile(t, 50), p99: percentile(t, 99), n: t.length };
  };
  return { page: latency(times.page), health: latency(times.health), uploadsDone: done.size, failures };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-backup-'));
const url = `file:${join(dir, 'site.db')}`;
const standIn = await startStandIn();
try {
  const t0 = performance.now();
  await generate(url);
  const megabytes = (statSync(join(dir, 'site.db')).size / 1e6).toFixed(1);
  console.log(`  ${POSTS.toLocaleString('en-AU')} posts, ${megabytes} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const secret = randomBytes(32).toString('hex');
  const env = { DATABASE_URL: url, SESSION_SECRET: secret, SEED_DEMO_CONTENT: 'false', METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' };
  const measure = async (extra: Record<string, string>) => {
    const port = await freePort();
    const child = await startServerProcess(port, { ...env, ...extra });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 50; i += 1) await (await fetch(`${base}/`)).arrayBuffer();
      return await timePages(base);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  };
  const quiet = await measure({});
  const busy = await measure({ ...standIn.env, BACKUP_EVERY: '1s' });
  console.log(`  uploads seen finished while timed: ${busy.uploadsDone}, failures: ${busy.failures} (backups off: ${quiet.uploadsDone})`);
  reportLatency('backup-upload', 'sqlite', '/ during uploads', busy.page, '/ backups off', quiet.page);
  reportLatency('backup-upload', 'sqlite', '/healthz during uploads', busy.health, '/healthz backups off', quiet.health);
} finally {
  standIn.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
