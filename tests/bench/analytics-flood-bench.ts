/**
 * What a flood of counted page views does to everyone else (issue #35; prints numbers, asserts nothing). Run after
 * a build:  npm run build && node tests/bench/analytics-flood-bench.ts
 * The production server as `npm run serve` starts it, on a fresh SQLite file. A probe asks for `/healthz` one
 * request at a time, and a staff member on a known browser signs in again and again, first for BENCH_SECONDS
 * (default 20) with nothing else going on, then for as long again while another process floods the server with
 * page views, each with a browser, campaign tags and referrer of its own (analytics-flood.ts). Each figure is
 * printed beside the same figure of the quiet phase of the same run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ORIGIN, StaffClient, createStaff } from '../helpers/admin-client.ts';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { type Latency, percentile, reportFigure, reportLatency } from './report.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

/** Runs `call` one at a time until `until` (performance.now()); its latencies. */
async function probe(call: () => Promise<unknown>, until: number): Promise<Latency & { max: number }> {
  const times: number[] = [];
  while (performance.now() < until) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, n: times.length };
}

async function phase(base: string, staff: StaffClient) {
  const until = performance.now() + SECONDS * 1000;
  const [healthz, signIn] = await Promise.all([
    probe(async () => {
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
    }, until),
    probe(async () => {
      const res = await staff.signIn();
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
    }, until),
  ]);
  return { healthz, signIn };
}

function floodProcess(base: string): { child: ChildProcess; done: Promise<string> } {
  const child = spawn(process.execPath, ['tests/bench/analytics-flood.ts', base, String(SECONDS), '50'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, done: exited(child).then(() => out.trim()) };
}

execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
const database = await createTestDatabase('sqlite');
let server: ChildProcess | undefined;
try {
  await createStaff(database.db);
  const { env, args } = serveCommand();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startServerProcess(
    port,
    { ...env, DATABASE_URL: database.url, SESSION_SECRET: 'e'.repeat(64), SITE_URL: ORIGIN, TRUST_PROXY: 'true' },
    { args },
  );
  const staff = new StaffClient(base, '203.0.113.50');
  // The known browser: its first sign-in leaves the device cookie the later ones carry.
  await staff.signIn();

  console.log(`\nanalytics flood, ${SECONDS} s quiet, then ${SECONDS} s flooded`);
  const quiet = await phase(base, staff);
  const flooding = floodProcess(base);
  const flooded = await phase(base, staff);
  const floodResult = await flooding.done;
  console.log(`  flood: ${floodResult}`);
  reportLatency('analytics flood', 'sqlite', 'GET /healthz during the flood', flooded.healthz, 'GET /healthz, quiet', quiet.healthz);
  reportFigure({
    bench: 'analytics flood',
    engine: 'sqlite',
    figure: 'GET /healthz during the flood, max',
    unit: 'ms',
    value: flooded.healthz.max,
    baseline: 'GET /healthz, quiet, max',
    baselineValue: quiet.healthz.max,
  });
  reportLatency('analytics flood', 'sqlite', 'staff sign-in during the flood', flooded.signIn, 'staff sign-in, quiet', quiet.signIn);
} finally {
  if (server) {
    server.kill('SIGTERM');
    await exited(server);
  }
  await database.drop();
}
