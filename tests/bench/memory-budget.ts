/**
 * The memory budget of one site process on a 512 MB box (docs/decisions/019-cache-hit-path.md): resident memory
 * idle after start, at its peak during a minute of mixed load (mixed-load.ts), and back down after it. RSS is read
 * from the kernel (`/proc/<pid>/status`) every 100 ms during the load and every second after it, until it is
 * under the budget's "after" figure or a minute has passed.
 *
 * Used by tests/faults/memory-budget.test.ts (the server as `npm run serve` starts it) and by the container test
 * (the image under a 512 MB limit), and as a command against any running server:
 *   node tests/bench/memory-budget.ts BASE_URL PID [seconds] [connections]
 * which prints the figures and exits 1 when one is over budget or the load saw errors.
 */
import { rssMb } from '../helpers/process-rss.ts';
import { type MixedLoadResult, describeMixedLoad, runMixedLoad } from './mixed-load.ts';

/** MB of RSS, and how long the process may take to come back under `after` once the load stops. */
export const MEMORY_BUDGET = { idleMb: 180, peakMb: 300, afterMb: 220, settleMs: 60_000 };

export interface MemoryFigures {
  idleMb: number;
  peakMb: number;
  /** RSS when it was first seen under the budget's `after`, or at the end of the wait. */
  afterMb: number;
  /** How long after the load RSS was first under `after` (the whole wait when it never was). */
  settledMs: number;
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
    load = await runMixedLoad(base, { seconds: options.seconds ?? 60, connections: options.connections ?? 50, ...(options.origin ? { origin: options.origin } : {}) });
  } finally {
    clearInterval(timer);
  }
  peakMb = Math.max(peakMb, rss());
  const stoppedAt = Date.now();
  let afterMb = rss();
  while (afterMb > MEMORY_BUDGET.afterMb && Date.now() - stoppedAt < MEMORY_BUDGET.settleMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    afterMb = rss();
  }
  return { idleMb, peakMb, afterMb, settledMs: Date.now() - stoppedAt, load };
}

/** The figures beside the budget, one line each; and which are over it. */
export function judgeMemory(f: MemoryFigures): { lines: string[]; breaches: string[] } {
  const b = MEMORY_BUDGET;
  const rows: Array<[string, number, number]> = [
    ['RSS idle after start', f.idleMb, b.idleMb],
    ['RSS peak during the load', f.peakMb, b.peakMb],
    [`RSS ${(f.settledMs / 1000).toFixed(0)} s after the load`, f.afterMb, b.afterMb],
  ];
  const lines = [
    `mixed load: ${describeMixedLoad(f.load)}`,
    ...rows.map(([label, value, max]) => `${label}: ${value.toFixed(0)} MB (budget ${max} MB)${value > max ? ' OVER' : ''}`),
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
  const figures = await measureMemory(base, Number(pid), { seconds: Number(seconds), connections: Number(connections), ...(process.env.LOAD_ORIGIN ? { origin: process.env.LOAD_ORIGIN } : {}) });
  const { lines, breaches } = judgeMemory(figures);
  for (const line of lines) console.log(line);
  if (breaches.length) console.log(`over budget: ${breaches.join('; ')}`);
  process.exit(breaches.length ? 1 : 0);
}
