/**
 * What the production server's memory settings cost, and whether memory grows under steady load (issue #36;
 * prints numbers, asserts nothing). Run after a build:  npm run build && node tests/bench/memory-flags.ts
 * - The same bundle twice, on fresh SQLite files with the demo posts: as `npm run serve` starts it (its V8 flags and
 *   allocator settings) and with no memory settings at all. Each gets BENCH_SECONDS (60) of the mixed load
 *   (mixed-load.ts, 50 connections): its rate, and its RSS idle and at the peak, side by side.
 * - The leak check: `npm run serve`'s process under the same load for BENCH_LEAK_MINUTES (20; 0 skips it), RSS
 *   read every 10 s; the median of the last 5 minutes beside the median of the first 5.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMb } from '../helpers/process-rss.ts';
import { type NodeCommand, serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { measureMemory } from './memory-budget.ts';
import { type MixedLoadResult, runMixedLoad } from './mixed-load.ts';
import { BENCH_LEAD_ENV, percentile, reportFigure } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const LEAK_MINUTES = Number(process.env.BENCH_LEAK_MINUTES ?? 20);
const CONNECTIONS = 50;

const answered = (r: MixedLoadResult) => r.pages + r.searches + r.notFound + r.submissions;

/** The bundle started with `command`, on a fresh database with the demo posts; stopped and cleaned by `using`. */
async function startServer(command: NodeCommand) {
  const dir = mkdtempSync(join(tmpdir(), 'memory-flags-'));
  const port = await freePort();
  const env = {
    ...command.env,
    ...BENCH_LEAD_ENV,
    DATABASE_URL: `file:${join(dir, 'site.db')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_CONTENT: 'true',
  };
  const child = await startServerProcess(port, env, { args: command.args });
  // The pages every visit touches are rendered at start; let that and the first checkpoint finish.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async [Symbol.asyncDispose]() {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
const serve = serveCommand();
const bare: NodeCommand = { env: {}, args: [serve.args.at(-1)!] };
console.log(
  `\nmemory settings: \`npm run serve\` (${[...Object.entries(serve.env).map(([k, v]) => `${k}=${v}`), ...serve.args.slice(0, -1)].join(' ')}) beside none`,
);
const figures = [];
for (const command of [serve, bare]) {
  await using server = await startServer(command);
  figures.push(await measureMemory(server.base, server.pid, { seconds: SECONDS, connections: CONNECTIONS }));
}
const [flagged, plain] = figures as [(typeof figures)[number], (typeof figures)[number]];
const rate = (f: typeof flagged) => answered(f.load) / f.load.seconds;
for (const f of figures) if (f.load.errors) console.log(`  errors: ${f.load.errors} (${f.load.errorSamples.join('; ')})`);
const bench = 'memory flags';
reportFigure({
  bench,
  engine: 'sqlite',
  figure: 'mixed load, npm run serve',
  unit: 'req/s',
  value: rate(flagged),
  baseline: 'no memory settings',
  baselineValue: rate(plain),
});
reportFigure({
  bench,
  engine: 'sqlite',
  figure: 'RSS idle, npm run serve',
  unit: 'MB',
  value: flagged.idleMb,
  baseline: 'no memory settings',
  baselineValue: plain.idleMb,
});
reportFigure({
  bench,
  engine: 'sqlite',
  figure: 'RSS peak, npm run serve',
  unit: 'MB',
  value: flagged.peakMb,
  baseline: 'no memory settings',
  baselineValue: plain.peakMb,
});

if (LEAK_MINUTES > 0) {
  await using server = await startServer(serve);
  const samples: Array<{ at: number; mb: number }> = [];
  const started = Date.now();
  const timer = setInterval(() => samples.push({ at: Date.now() - started, mb: rssMb(server.pid) }), 10_000);
  let requests = 0;
  try {
    while (Date.now() - started < LEAK_MINUTES * 60_000)
      requests += answered(await runMixedLoad(server.base, { seconds: 60, connections: CONNECTIONS }));
  } finally {
    clearInterval(timer);
  }
  const window = 5 * 60_000;
  const first = median(samples.filter((s) => s.at <= window).map((s) => s.mb));
  const last = median(samples.filter((s) => s.at > LEAK_MINUTES * 60_000 - window).map((s) => s.mb));
  console.log(
    `  leak check: ${LEAK_MINUTES} min, ${requests} answers, RSS ${Math.min(...samples.map((s) => s.mb)).toFixed(0)}-${Math.max(...samples.map((s) => s.mb)).toFixed(0)} MB`,
  );
  reportFigure({
    bench,
    engine: 'sqlite',
    figure: 'RSS median, last 5 min of steady load',
    unit: 'MB',
    value: last,
    baseline: 'first 5 min',
    baselineValue: first,
  });
}
