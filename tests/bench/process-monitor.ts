/**
 * Loaded into the server under test with `--import` (by the soak benchmark): every BENCH_MONITOR_MS it appends
 * one JSON line to BENCH_MONITOR_FILE with the process's RSS and heap, the heap still in use after a full
 * collection (with `--expose-gc`: what the process really holds, garbage aside), and the event-loop delay p99
 * since the last line. Measured inside the process, so the figures are the server's own. Worker threads load it
 * too (they inherit the option); only the main thread reports.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_MONITOR_FILE;
if (file && isMainThread) {
  const every = Number(process.env.BENCH_MONITOR_MS ?? 10_000);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = Date.now();
  const sample = () => {
    const loopP99 = delay.percentile(99) / 1e6;
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    (globalThis as { gc?: () => void }).gc?.();
    const liveHeap = process.memoryUsage().heapUsed;
    appendFileSync(file, `${JSON.stringify({ t: Date.now() - started, rss, heapUsed, heapTotal, liveHeap, external, loopP99 })}\n`);
    delay.reset();
  };
  sample();
  setInterval(sample, every).unref();
}
