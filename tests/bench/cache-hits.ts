/**
 * Cache hits benchmark (prints numbers, asserts nothing; issue #26). Run after a build:
 *   npm run build && node tests/bench/cache-hits.ts
 * The production server as `npm run serve` starts it (the bundle, its V8 flags and allocator settings) on SQLite
 * with the demo posts, reporting from inside (process-monitor.ts) its CPU time and its garbage-collection pauses:
 * - the cached home page and a cached post at 32 keep-alive connections with `Accept-Encoding: gzip`, each beside
 *   nginx (one worker process, as the server has one thread) serving the very bytes the server sends, in three
 *   alternating rounds so both see the same moments of a shared machine; skipped with a note where nginx is not
 *   installed (Debian: `apt-get install nginx`);
 * - the share of the server's CPU time spent in GC pauses during each of those loads;
 * - the post with visit counting on, as a browser asks for it, beside a second server with ANALYTICS=false;
 * - the post for 60 s: the rate of its last 10 s beside its first 10 s (steady, no slow leak or heap growth).
 * BENCH_SECONDS changes each short load (default 10); BENCH_LONG_SECONDS the long one (default 60).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { measureThroughput } from './http-load.ts';
import { reportFigure, reportNote } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LONG_SECONDS = Number(process.env.BENCH_LONG_SECONDS ?? 60);
const CONNECTIONS = 32;
const GZIP = { 'Accept-Encoding': 'gzip' };
/** What a browser sends for a page it shows: the requests visit counting counts. */
const BROWSER = {
  ...GZIP,
  'Sec-Fetch-Dest': 'document',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const ROUNDS = 3;

interface Sample {
  t: number;
  gcMs: number;
  gcMajorMs: number;
  gcCount: number;
  cpuMs: number;
}

/** The raw bytes of an answer, as sent (fetch would decompress them). */
function rawBody(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer; type: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks), type: String(res.headers['content-encoding']) }),
        );
      })
      .on('error', reject);
  });
}

/** nginx's executable, or why there is none. */
function findNginx(): string | { missing: string } {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (!probe.error && probe.status === 0) return candidate;
  }
  return { missing: 'nginx is not installed (Debian: apt-get install nginx), so the cache hits are not compared with it' };
}

/** nginx with one process serving the files of `www` gzip-encoded, as the site sends them; stopped by `stop`. */
async function startNginx(executable: string, dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  mkdirSync(join(dir, 'nginx-temp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'nginx-temp', name)};`;
  writeFileSync(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  sendfile on;
  tcp_nopush on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  types { }
  default_type text/html;
  server {
    listen 127.0.0.1:${port};
    root ${join(dir, 'www')};
    location / {
      add_header Content-Encoding gzip;
      add_header Vary Accept-Encoding;
    }
  }
}
`,
  );
  const child = spawn(executable, ['-p', dir, '-e', join(dir, 'nginx-error.log'), '-c', conf], { stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${readFileSync(join(dir, 'nginx-error.log'), 'utf8')}`);
    if (
      await fetch(`http://127.0.0.1:${port}/home`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited(child);
    },
  };
}

/** The server as `npm run serve` starts it, with the process monitor, on an SQLite file of its own in `dir`. */
async function startServer(name: string, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const { env, args } = serveCommand();
  const port = await freePort();
  const child = await startServerProcess(
    port,
    {
      ...env,
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    {
      args: [...args.slice(0, -1), '--import', fileURLToPath(new URL('./process-monitor.ts', import.meta.url)), args.at(-1)!],
      readyPath: '/readyz',
    },
  );
  return { child, base: `http://127.0.0.1:${port}` };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const dir = mkdtempSync(join(tmpdir(), 'bench-hits-'));
// nginx may run its process as another user: the files it serves must be readable by anyone.
chmodSync(dir, 0o755);
const monitor = join(dir, 'monitor.jsonl');
let server: ChildProcess | undefined;
let counterless: ChildProcess | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
try {
  // `npm run serve` runs the bundle (`npm run build`).
  execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
  const started = await startServer('site', { BENCH_MONITOR_FILE: monitor, BENCH_MONITOR_MS: '1000' });
  server = started.child;
  const base = started.base;
  const post = /href="(\/blog\/[^"?]+)"/.exec(await (await fetch(`${base}/blog`)).text())![1]!;
  const pages = [
    { label: '/', path: '/', file: 'home' },
    { label: '/blog/{slug}', path: post, file: 'post' },
  ];

  // The bytes the server sends, for nginx to send.
  mkdirSync(join(dir, 'www'));
  for (const page of pages) {
    const answer = await rawBody(base + page.path, GZIP);
    if (answer.status !== 200 || answer.type !== 'gzip') throw new Error(`${page.path} answered ${answer.status}, ${answer.type}`);
    writeFileSync(join(dir, 'www', page.file), answer.body);
  }
  const found = findNginx();
  if (typeof found === 'string') nginx = await startNginx(found, dir);
  else reportNote(found.missing);

  const samples = () =>
    readFileSync(monitor, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Sample);
  /** The monitor writes a line a second: wait for the next, so a load lies between two lines. */
  const nextSample = async () => {
    const seen = samples().length;
    while (samples().length === seen) await new Promise((resolve) => setTimeout(resolve, 100));
    return samples().at(-1)!;
  };
  const figure = { bench: 'cache-hits', engine: 'sqlite' } as const;

  console.log(
    `\ncache hits, the server as npm run serve starts it (node ${serveCommand().args.join(' ')}), c${CONNECTIONS} gzip, ${SECONDS} s each`,
  );
  const slice = SECONDS / ROUNDS;
  for (const page of pages) {
    const before = await nextSample();
    const rates = { node: [] as number[], nginx: [] as number[] };
    let p99 = 0;
    // Without nginx, the server's own /healthz in its place, so the figure still has a baseline of the same moments.
    const reference = nginx ? `http://127.0.0.1:${nginx.port}/${page.file}` : `${base}/healthz`;
    for (let round = 0; round < ROUNDS; round += 1) {
      rates.nginx.push((await measureThroughput([reference], slice, CONNECTIONS, { headers: GZIP, raw: true })).perSecond);
      const node = await measureThroughput([base + page.path], slice, CONNECTIONS, { headers: GZIP, raw: true });
      if (node.errors) console.log(`  (${node.errors} errors on ${page.path})`);
      rates.node.push(node.perSecond);
      p99 = Math.max(p99, node.p99);
    }
    const after = await nextSample();
    console.log(
      `  ${page.label}: server ${rates.node.join(', ')} req/s, ${nginx ? 'nginx' : '/healthz'} ${rates.nginx.join(', ')} req/s (${ROUNDS} rounds of ${slice.toFixed(1)} s); worst p99 ${p99.toFixed(1)} ms`,
    );
    reportFigure({
      ...figure,
      figure: `GET ${page.label} cached, c${CONNECTIONS} gzip`,
      unit: 'req/s',
      value: mean(rates.node),
      baseline: nginx ? 'nginx, 1 worker, same bytes' : 'GET /healthz (nginx absent)',
      baselineValue: mean(rates.nginx),
    });
    reportFigure({
      ...figure,
      figure: `GC pauses during GET ${page.label} (${after.gcCount - before.gcCount} GCs, ${(after.gcMajorMs - before.gcMajorMs).toFixed(0)} ms full)`,
      unit: 'ms',
      value: after.gcMs - before.gcMs,
      baseline: 'server CPU time',
      baselineValue: after.cpuMs - before.cpuMs,
    });
  }

  // Counting visits (issue #27): the post as a browser asks for it (so every hit is a counted page view, all from
  // one visitor: the buffer's common case), beside a second server with ANALYTICS=false, in alternating rounds.
  const uncounted = await startServer('uncounted', { ANALYTICS: 'false' });
  counterless = uncounted.child;
  const rates = { on: [] as number[], off: [] as number[] };
  // The second server has just started: one unmeasured slice each, so both are measured warm.
  for (const target of [uncounted.base, base])
    await measureThroughput([target + post], slice, CONNECTIONS, { headers: BROWSER, raw: true });
  for (let round = 0; round < ROUNDS; round += 1) {
    rates.off.push((await measureThroughput([uncounted.base + post], slice, CONNECTIONS, { headers: BROWSER, raw: true })).perSecond);
    rates.on.push((await measureThroughput([base + post], slice, CONNECTIONS, { headers: BROWSER, raw: true })).perSecond);
  }
  console.log(`  counting visits, ${pages[1]!.label}: on ${rates.on.join(', ')} req/s, off ${rates.off.join(', ')} req/s`);
  reportFigure({
    ...figure,
    figure: `GET /blog/{slug} cached, visits counted, c${CONNECTIONS}`,
    unit: 'req/s',
    value: mean(rates.on),
    baseline: 'ANALYTICS=false',
    baselineValue: mean(rates.off),
  });

  console.log(`\n${pages[1]!.label} for ${LONG_SECONDS} s, c${CONNECTIONS} gzip`);
  const before = await nextSample();
  const long = await measureThroughput([base + post], LONG_SECONDS, CONNECTIONS, { headers: GZIP, bucketSeconds: 10, raw: true });
  const after = await nextSample();
  console.log(`  req/s in each 10 s: ${long.buckets.join(', ')}; ${long.errors} errors`);
  reportFigure({
    ...figure,
    figure: `GET /blog/{slug} cached, last 10 s of ${LONG_SECONDS} s`,
    unit: 'req/s',
    value: long.buckets.at(-1)!,
    baseline: 'first 10 s',
    baselineValue: long.buckets[0]!,
  });
  reportFigure({
    ...figure,
    figure: `GC pauses during the ${LONG_SECONDS} s`,
    unit: 'ms',
    value: after.gcMs - before.gcMs,
    baseline: 'server CPU time',
    baselineValue: after.cpuMs - before.cpuMs,
  });
} finally {
  await nginx?.stop();
  for (const child of [server, counterless]) {
    if (!child) continue;
    child.kill('SIGTERM');
    await exited(child);
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
