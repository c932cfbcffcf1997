/**
 * Benchmark: `POST /functions/submitQuote` on the production server, on SQLite and (when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set) on PostgreSQL, beside the same server's `/healthz` measured in the same run.
 * Every submission carries its own solved ALTCHA challenge, verified by the server and recorded as used; the
 * rate limit is raised and the puzzle made trivial so the client's solving does not limit the numbers.
 * A shared machine's speed drifts by a third from minute to minute, so each engine gets `--runs` rounds of
 * submissions then /healthz, and every figure printed is the median over the rounds.
 * Usage: npm run bench:leads [-- --seconds 10 --connections 50 --runs 3]
 * Prints numbers; asserts nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../db/database.ts';
import { goodQuote, solvedTokens } from '../helpers/leads.ts';
import { freePort, startServerProcess } from '../helpers/server-process.ts';
import { timedRequest } from './http-load.ts';
import { BENCH_LEAD_ENV, numberOptions, percentile, reportFigure, reportLatency } from './report.ts';

const { seconds: SECONDS, connections: CONNECTIONS, runs: RUNS } = numberOptions({ seconds: 10, connections: 50, runs: 3 });

async function startServer(databaseUrl: string, secret: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = await startServerProcess(port, {
    // e.g. BENCH_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: secret,
    SEED_DEMO_CONTENT: 'false',
    ...BENCH_LEAD_ENV,
  });
  return { child, port };
}

interface Result {
  ok: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** CONNECTIONS keep-alive clients sending back to back for SECONDS; `body()` gives each request's body. */
async function load(port: number, path: string, body?: () => string): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  const once = () => timedRequest(agent, port, path, body?.());
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const ms = await once();
        if (ms < 0) failed += 1;
        else latencies.push(ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? percentile(latencies, p) : Number.NaN);
  return { ok: latencies.length, failed, perSecond: latencies.length / elapsed, p50: pct(50), p99: pct(99) };
}

/** Each figure's median over the rounds (figure by figure, so it need not be one round's). */
function medianResult(results: Result[]): Result {
  const median = (pick: (r: Result) => number) =>
    percentile(
      results.map(pick).sort((a, b) => a - b),
      50,
    );
  return {
    ok: median((r) => r.ok),
    failed: median((r) => r.failed),
    perSecond: median((r) => r.perSecond),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
  };
}

async function bench(engine: string, databaseUrl: string): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  // Enough distinct solutions for 5,000 submissions a second, well over what this machine takes: each is accepted once.
  const tokens = await solvedTokens(secret, RUNS * SECONDS * 5_000);
  const { child, port } = await startServer(databaseUrl, secret);
  try {
    const quote = goodQuote('datacenter');
    let next = 0;
    const submits: Result[] = [];
    const healths: Result[] = [];
    for (let round = 1; round <= RUNS; round += 1) {
      const s = await load(port, '/functions/submitQuote', () =>
        JSON.stringify({ data: { ...quote, 'g-recaptcha-response': tokens[next++ % tokens.length] } }),
      );
      const h = await load(port, '/healthz');
      console.log(
        `  ${engine} round ${round}: ${s.ok} accepted (${Math.round(s.perSecond)}/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms), ${s.failed} failed; ` +
          `/healthz ${Math.round(h.perSecond)}/s, ${h.failed} failed`,
      );
      submits.push(s);
      healths.push(h);
    }
    const submit = medianResult(submits);
    const health = medianResult(healths);
    const figure = `POST submitQuote, ${CONNECTIONS} connections`;
    const baseline = 'GET /healthz';
    reportFigure({ bench: 'leads', engine, figure, unit: 'req/s', value: submit.perSecond, baseline, baselineValue: health.perSecond });
    reportLatency('leads', engine, figure, { ...submit, n: submit.ok }, baseline, { ...health, n: health.ok });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

console.log(`submitQuote benchmark: ${CONNECTIONS} connections, ${RUNS} rounds of ${SECONDS} s, medians, production build`);
const dir = mkdtempSync(join(tmpdir(), 'bench-leads-'));
try {
  await bench('sqlite', `file:${join(dir, 'site.db')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  // The server creates and migrates its own schema (DATABASE_URL `?schema=`); dropped afterwards.
  const url = new URL(pgUrl);
  url.searchParams.set('schema', `bench_${randomBytes(4).toString('hex')}`);
  try {
    await bench('postgres', url.href);
  } finally {
    const admin = openDb(pgUrl, { poolSize: 1 });
    await admin.db.schema.dropSchema(url.searchParams.get('schema')!).ifExists().cascade().execute();
    await admin.db.destroy();
  }
} else {
  console.log('postgres   skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
}
