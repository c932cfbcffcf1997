import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

/**
 * The server under load takes every submission: a trivial puzzle (still solved and verified), limits out of
 * the way, no minimum fill time, warnings only in the log.
 */
export const BENCH_LEAD_ENV = {
  LOG_LEVEL: 'warn',
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '2',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_DAY: '100000000',
  MIN_FILL_MS: '0',
  // Every bench lead has the same address: keep each one's acknowledgement, as with distinct visitors.
  ACKNOWLEDGEMENTS_PER_DAY: '100000000',
};

/** One benchmark figure and the baseline measured beside it in the same run, on the same machine. */
export interface Figure {
  bench: string;
  engine: string;
  figure: string;
  unit: 'ms' | 'req/s' | 'MB';
  value: number;
  baseline: string;
  baselineValue: number;
}

export interface Latency {
  p50: number;
  p99: number;
  n: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Times `run` one call at a time after a short warm-up: `samples` calls, or fewer for slow cases (at least
 * 20, then stopping after about 10 s).
 */
export async function measureLatency(run: () => Promise<unknown>, samples: number): Promise<Latency> {
  for (let i = 0; i < 5; i += 1) await run();
  const times: number[] = [];
  const until = performance.now() + 10_000;
  for (let i = 0; i < samples && (i < 20 || performance.now() < until); i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
}

export function formatValue(value: number, unit: Figure['unit']): string {
  if (unit === 'ms') return `${value.toFixed(2)} ms`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  return `${Math.round(value)}/s`;
}

/** Prints a figure beside its baseline; with BENCH_REPORT set, also appends it there for `npm run bench`. */
export function reportFigure(f: Figure): void {
  console.log(
    `  ${f.engine.padEnd(9)} ${f.figure.padEnd(40)} ${formatValue(f.value, f.unit).padStart(11)}   ${f.baseline}: ${formatValue(f.baselineValue, f.unit)}   ratio ${(f.value / f.baselineValue).toFixed(2)}`,
  );
  if (process.env.BENCH_REPORT) appendFileSync(process.env.BENCH_REPORT, `${JSON.stringify(f)}\n`);
}

/** p50 and p99 of a timing, each beside the same percentile of a baseline timing. */
export function reportLatency(bench: string, engine: string, figure: string, value: Latency, baseline: string, base: Latency): void {
  for (const p of ['p50', 'p99'] as const) {
    reportFigure({
      bench,
      engine,
      figure: `${figure} ${p}`,
      unit: 'ms',
      value: value[p],
      baseline: `${baseline} ${p}`,
      baselineValue: base[p],
    });
  }
}

/** A line the summary prints under its table: what was not measured, and why. */
export function reportNote(text: string): void {
  console.log(`  note: ${text}`);
  if (process.env.BENCH_REPORT) appendFileSync(process.env.BENCH_REPORT, `${JSON.stringify({ note: text })}\n`);
}

/** A bench's numeric `--name value` options, each with its default (`--seconds 5` shortens a run). */
export function numberOptions<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
  const names = Object.keys(defaults) as Name[];
  const { values } = parseArgs({ options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])) });
  return Object.fromEntries(names.map((name) => [name, values[name] === undefined ? defaults[name] : Number(values[name])])) as Record<
    Name,
    number
  >;
}
