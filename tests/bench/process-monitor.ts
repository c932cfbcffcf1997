/**
 * Loaded into the server under test with `--import` (by the soak and pages benchmarks): every BENCH_MONITOR_MS it
 * appends one JSON line to BENCH_MONITOR_FILE with the process's RSS and heap, the heap still in use after a full
 * collection (with `--expose-gc`: what the process really holds, garbage aside), the event-loop delay p99 since
 * the last line, and since the start the CPU time of the process and the time the main thread spent paused for
 * garbage collection (all of it, and the full collections alone), so a benchmark can work out the share of CPU
 * that went to garbage collection between two lines. Measured inside the process, so the figures are the
 * server's own. Worker threads load it too (they inherit the option); only the main thread reports.
 */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_MONITOR_FILE;
if (file && isMainThread) {
  const every = Number(process.env.BENCH_MONITOR_MS ?? 10_000);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = Date.now();
  const gc = { ms: 0, majorMs: 0, count: 0 };
  // With --expose-gc (the soak) the monitor's own full collection per line (liveHeap, below) counts too: the
  // GC share is read where the server runs without it (the pages benchmark).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      gc.count += 1;
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.majorMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  const sample = () => {
    const loopP99 = delay.percentile(99) / 1e6;
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    const counted = { gcMs: gc.ms, gcMajorMs: gc.majorMs, gcCount: gc.count, cpuMs: (user + system) / 1000 };
    (globalThis as { gc?: () => void }).gc?.();
    const liveHeap = process.memoryUsage().heapUsed;
    appendFileSync(
      file,
      `${JSON.stringify({ t: Date.now() - started, rss, heapUsed, heapTotal, liveHeap, external, loopP99, ...counted })}\n`,
    );
    delay.reset();
  };
  sample();
  setInterval(sample, every).unref();
}
