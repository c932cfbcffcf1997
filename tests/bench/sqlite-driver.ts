/**
 * The SQLite driver (issue #36, docs/decisions/024-sqlite-driver.md): the site's own Kysely driver
 * (db/sqlite/dialect.ts: statements kept prepared, checkpoints on a worker thread, lock waits off the event loop)
 * beside Kysely's own `SqliteDialect` with the same WAL settings, each serving the same realistic worst case: leads
 * at a steady rate from many addresses (the per-address limits' ceiling across a large botnet) while visitors read
 * pages, a third of them searches that miss the page cache. Both run the whole app from the sources, one process
 * each (sqlite-driver-site.ts), in alternating rounds on the same machine. The load is open: requests leave at a
 * fixed rate whatever the answers, so a stalled server shows in the latencies rather than in fewer requests.
 * Usage: node tests/bench/sqlite-driver.ts [-- --seconds 20 --leads 150 --pages 150 --rounds 2]
 * Prints numbers; asserts nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goodQuote, solvedTokens } from '../helpers/leads.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { timedRequest } from './http-load.ts';
import { BENCH_LEAD_ENV, numberOptions, percentile, reportFigure } from './report.ts';

const {
  seconds: SECONDS,
  leads: LEADS_PER_SECOND,
  pages: PAGES_PER_SECOND,
  rounds: ROUNDS,
} = numberOptions({
  seconds: 20,
  leads: 150,
  pages: 150,
  rounds: 2,
});
const WARM_UP_SECONDS = 3;
const DRIVERS = ['custom', 'kysely'] as const;
type Driver = (typeof DRIVERS)[number];
const CACHED = ['/', '/services', '/blog', '/about', '/contact'];

interface Timings {
  leads: number[];
  pages: number[];
  failed: number;
}

/** `seconds` of leads and pages sent at their rates, every 10 ms a share of each, without waiting for answers. */
async function openLoad(port: number, tokens: string[], seconds: number): Promise<Timings> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const timings: Timings = { leads: [], pages: [], failed: 0 };
  const quote = goodQuote('datacenter');
  const pending: Array<Promise<void>> = [];
  const record = (into: number[]) => (ms: number) => void (ms < 0 ? (timings.failed += 1) : into.push(ms));
  let leadsDue = 0;
  let pagesDue = 0;
  let page = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    leadsDue += LEADS_PER_SECOND / 100;
    pagesDue += PAGES_PER_SECOND / 100;
    for (; leadsDue >= 1; leadsDue -= 1) {
      const body = JSON.stringify({ data: { ...quote, 'g-recaptcha-response': tokens.pop() } });
      pending.push(timedRequest(agent, port, '/functions/submitQuote', body).then(record(timings.leads)));
    }
    for (; pagesDue >= 1; pagesDue -= 1, page += 1) {
      const path = page % 3 === 2 ? `/blog?q=${randomBytes(4).toString('hex')}` : CACHED[page % CACHED.length]!;
      pending.push(timedRequest(agent, port, path, undefined, { 'Accept-Encoding': 'gzip' }).then(record(timings.pages)));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(pending);
  agent.destroy();
  return timings;
}

interface Summary {
  p50: number;
  p99: number;
  max: number;
}

const summary = (times: number[]): Summary => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};

async function round(driver: Driver): Promise<{ leads: Summary; pages: Summary; failed: number }> {
  const dir = mkdtempSync(join(tmpdir(), `sqlite-driver-${driver}-`));
  const secret = randomBytes(32).toString('hex');
  const tokens = await solvedTokens(secret, Math.ceil((WARM_UP_SECONDS + SECONDS) * LEADS_PER_SECOND * 1.1));
  const port = await freePort();
  let child: ChildProcess | undefined;
  try {
    child = await startServerProcess(
      port,
      { SESSION_SECRET: secret, ...BENCH_LEAD_ENV },
      { args: ['tests/bench/sqlite-driver-site.ts', driver, join(dir, 'site.db')] },
    );
    // The first seconds warm both alike (pages rendered, code compiled) and are not counted.
    await openLoad(port, tokens, WARM_UP_SECONDS);
    const t = await openLoad(port, tokens, SECONDS);
    return { leads: summary(t.leads), pages: summary(t.pages), failed: t.failed };
  } finally {
    child?.kill('SIGTERM');
    if (child) await exited(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<Driver, Array<Awaited<ReturnType<typeof round>>>> = { custom: [], kysely: [] };
console.log(
  `\nSQLite driver, ${LEADS_PER_SECOND} leads/s and ${PAGES_PER_SECOND} pages/s (a third searches) for ${SECONDS} s, ${ROUNDS} rounds each`,
);
for (let i = 1; i <= ROUNDS; i += 1) {
  for (const driver of DRIVERS) {
    const r = await round(driver);
    results[driver].push(r);
    const ms = (s: Summary) => `p50 ${s.p50.toFixed(1)}, p99 ${s.p99.toFixed(1)}, max ${s.max.toFixed(0)} ms`;
    console.log(`  round ${i} ${driver.padEnd(6)} leads ${ms(r.leads)}; pages ${ms(r.pages)}; ${r.failed} failed`);
  }
}
/** A figure's median over the rounds. */
const median = (driver: Driver, pick: (r: (typeof results)[Driver][number]) => number) =>
  percentile(
    results[driver].map(pick).sort((a, b) => a - b),
    50,
  );
for (const [what, pick] of [
  ['lead p99', (r) => r.leads.p99],
  ['lead slowest', (r) => r.leads.max],
  ['page p99', (r) => r.pages.p99],
  ['page slowest', (r) => r.pages.max],
] as Array<[string, (r: (typeof results)[Driver][number]) => number]>) {
  reportFigure({
    bench: 'sqlite-driver',
    engine: 'sqlite',
    figure: `Kysely's SqliteDialect: ${what}`,
    unit: 'ms',
    value: median('kysely', pick),
    baseline: `the site's driver: ${what}`,
    baselineValue: median('custom', pick),
  });
}
