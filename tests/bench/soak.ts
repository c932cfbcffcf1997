/**
 * Benchmark: a 60 s soak of mixed load on the production server as `npm run serve` starts it (SQLite, demo content): 50 keep-alive
 * connections, 95% page views (home, services, about, contact, quote, blog list, blog posts) and 5% quote
 * submissions, each with its own solved ALTCHA challenge. The server reports from inside (process-monitor.ts) its
 * RSS at the start and every 10 s and the event-loop delay p99 of each interval. The aim: RSS flat after warm-up
 * (growth under 10% over the last 30 s). Baselines, same run: RSS and event-loop delay p99 of the idle server.
 * Usage: npm run bench:soak [-- --seconds 60 --connections 50]
 * Prints numbers; asserts nothing.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import { DEMO_POSTS } from '../../server/blog/demo-posts.ts';
import { slugify } from '../../shared/slug.ts';
import { goodQuote, solveAltcha } from '../helpers/leads.ts';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { BENCH_LEAD_ENV, numberOptions, reportFigure } from './report.ts';

const { seconds: SECONDS, connections: CONNECTIONS } = numberOptions({ seconds: 60, connections: 50 });
const PAGES = ['/', '/services', '/about', '/contact', '/quote', '/blog', ...DEMO_POSTS.map((p) => `/blog/${slugify(p.title)}`)];

interface Sample {
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  liveHeap: number;
  external: number;
  loopP99: number;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const monitor = join(dir, 'monitor.jsonl');
let child: ChildProcess | undefined;
try {
  const port = await freePort();
  // As `npm run serve` starts it: the bundle `npm run build` makes, its V8 flags and allocator settings.
  execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: new URL('../..', import.meta.url), stdio: 'ignore' });
  const serve = serveCommand();
  child = await startServerProcess(
    port,
    {
      ...serve.env,
      NODE_OPTIONS: `--expose-gc --import ${new URL('./process-monitor.ts', import.meta.url).pathname} ${process.env.BENCH_NODE_OPTIONS ?? ''}`,
      BENCH_MONITOR_FILE: monitor,
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_CONTENT: 'true',
      ...BENCH_LEAD_ENV,
    },
    { args: serve.args },
  );
  const samples = () =>
    readFileSync(monitor, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Sample);
  // The idle server: the first interval before any load is the baseline.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  const idle = samples().at(-1)!;

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {},
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.end(body);
    });
  const counts = { pages: 0, submissions: 0, errors: 0 };
  let next = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const n = next++;
        if (n % 20 === 19) {
          const challenge = await send('GET', '/api/captcha/challenge');
          if (challenge.status !== 200) {
            counts.errors += 1;
            continue;
          }
          const token = await solveAltcha(JSON.parse(challenge.text) as Challenge);
          const res = await send(
            'POST',
            '/functions/submitQuote',
            JSON.stringify({ data: { ...goodQuote('web-hosting'), 'g-recaptcha-response': token } }),
          );
          if (res.status === 200) counts.submissions += 1;
          else counts.errors += 1;
        } else {
          const res = await send('GET', PAGES[n % PAGES.length]!);
          if (res.status === 200) counts.pages += 1;
          else counts.errors += 1;
        }
      }
    }),
  );
  agent.destroy();
  // The monitor's last interval ends just after the load.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const during = samples().filter((s) => s.t > idle.t);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  console.log(
    `\nsoak, SQLite, ${CONNECTIONS} connections, ${SECONDS} s: ${counts.pages} pages, ${counts.submissions} submissions, ${counts.errors} errors`,
  );
  const line = (label: string, s: Sample) =>
    console.log(
      `  ${label}: RSS ${mb(s.rss).toFixed(0)} MB, heap ${mb(s.heapUsed).toFixed(0)} of ${mb(s.heapTotal).toFixed(0)} MB, live after GC ${mb(s.liveHeap).toFixed(0)} MB, external ${mb(s.external).toFixed(0)} MB, event-loop p99 ${s.loopP99.toFixed(1)} ms`,
    );
  line('idle', idle);
  for (const s of during) line(`+${String(Math.round((s.t - idle.t) / 1000)).padStart(2)} s`, s);
  const last = during.at(-1)!;
  const half = during.findLast((s) => s.t - idle.t <= (SECONDS / 2) * 1000 + 1_000) ?? during[0]!;
  const growth = (last.rss - half.rss) / half.rss;
  console.log(`  RSS growth over the last ${Math.round((last.t - half.t) / 1000)} s: ${(growth * 100).toFixed(1)}% (aim: under 10%)`);
  const figure = { bench: 'soak', engine: 'sqlite' } as const;
  reportFigure({
    ...figure,
    figure: 'RSS after the soak',
    unit: 'MB',
    value: mb(last.rss),
    baseline: 'RSS idle',
    baselineValue: mb(idle.rss),
  });
  reportFigure({
    ...figure,
    figure: 'heap live after GC, after the soak',
    unit: 'MB',
    value: mb(last.liveHeap),
    baseline: 'heap live idle',
    baselineValue: mb(idle.liveHeap),
  });
  reportFigure({
    ...figure,
    figure: `RSS at ${Math.round((half.t - idle.t) / 1000)} s (growth after it ${(growth * 100).toFixed(1)}%)`,
    unit: 'MB',
    value: mb(half.rss),
    baseline: 'RSS idle',
    baselineValue: mb(idle.rss),
  });
  const worstLoop = Math.max(...during.map((s) => s.loopP99));
  reportFigure({
    ...figure,
    figure: 'event-loop delay p99, worst 10 s',
    unit: 'ms',
    value: worstLoop,
    baseline: 'event-loop delay p99 idle',
    baselineValue: idle.loopP99,
  });
} finally {
  if (child) {
    child.kill('SIGTERM');
    await exited(child);
  }
  rmSync(dir, { recursive: true, force: true });
}
