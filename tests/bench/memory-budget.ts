/**
 * The memory budget of one site process on a 512 MB box (docs/decisions/020-cache-hit-path.md): resident memory
 * idle after start and at its peak during a minute of mixed load (mixed-load.ts), read from the kernel
 * (`/proc/<pid>/status`) every 100 ms. That it does not grow under steady load is the leak check's part
 * (tests/bench/memory-flags.ts).
 *
 * Used by the container test (the image under a 512 MB limit, which fails on a breach), by memory-flags.ts (the server
 * as `npm run serve` starts it), and as a command against any running server:
 *   node tests/bench/memory-budget.ts BASE_URL PID [seconds] [connections]
 * which prints the figures and exits 1 when one is over budget or the load saw errors.
 */
import { rssMb } from '../helpers/process-rss.ts';
import { type MixedLoadResult, describeMixedLoad, runMixedLoad } from './mixed-load.ts';

/** MB of RSS. */
export const MEMORY_BUDGET = { idleMb: 180, peakMb: 300 };

export interface MemoryFigures {
  idleMb: number;
  peakMb: number;
  /** RSS right after the load, for the log. */
  afterMb: number;
  load: MixedLoadResult;
}

export interface MemoryCheckOptions {
  seconds?: number;
  connections?: number;
  origin?: string;
  /** RSS in MB of the process measured; by default `/proc/<pid>/status`. */
  rss?: () => number;
}

export async function measureMemory(base: string, pid: number, options: MemoryCheckOptions = {}): Promise<MemoryFigures> {
  const rss = options.rss ?? (() => rssMb(pid));
  const idleMb = rss();
  let peakMb = idleMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rss())), 100);
  let load: MixedLoadResult;
  try {
    load = await runMixedLoad(base, {
      seconds: options.seconds ?? 60,
      connections: options.connections ?? 50,
      ...(options.origin ? { origin: options.origin } : {}),
    });
  } finally {
    clearInterval(timer);
  }
  const afterMb = rss();
  return { idleMb, peakMb: Math.max(peakMb, afterMb), afterMb, load };
}

/** The figures beside the budget, one line each; and which are over it. */
export function judgeMemory(f: MemoryFigures): { lines: string[]; breaches: string[] } {
  const b = MEMORY_BUDGET;
  const rows: Array<[string, number, number]> = [
    ['RSS idle after start', f.idleMb, b.idleMb],
    ['RSS peak during the load', f.peakMb, b.peakMb],
  ];
  const lines = [
    `mixed load: ${describeMixedLoad(f.load)}`,
    ...rows.map(([label, value, max]) => `${label}: ${value.toFixed(0)} MB (budget ${max} MB)${value > max ? ' OVER' : ''}`),
    `RSS right after the load: ${f.afterMb.toFixed(0)} MB`,
  ];
  const breaches = rows.filter(([, value, max]) => value > max).map(([label, value, max]) => `${label} ${value.toFixed(0)} MB > ${max} MB`);
  if (f.load.errors) breaches.push(`${f.load.errors} errors under load`);
  return { lines, breaches };
}

if (import.meta.main) {
  const [base, pid, seconds = '60', connections = '50'] = process.argv.slice(2);
  if (!base || !pid) {
    console.error('Usage: node tests/bench/memory-budget.ts BASE_URL PID [seconds] [connections]');
    process.exit(2);
  }
  const figures = await measureMemory(base, Number(pid), {
    seconds: Number(seconds),
    connections: Number(connections),
    ...(process.env.LOAD_ORIGIN ? { origin: process.env.LOAD_ORIGIN } : {}),
  });
  const { lines, breaches } = judgeMemory(figures);
  for (const line of lines) console.log(line);
  if (breaches.length) console.log(`over budget: ${breaches.join('; ')}`);
  process.exit(breaches.length ? 1 : 0);
}
