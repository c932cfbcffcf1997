import type { Server } from 'node:http';
import { getHeapStatistics } from 'node:v8';

export interface QuietCollectionOptions {
  /** The full collection to run; `globalThis.gc` exists only under `node --expose-gc`. */
  gc?: typeof globalThis.gc;
  /** How often the heap is looked at. */
  checkMs?: number;
  /** Fewer requests than this since the last look is a quiet spell. */
  quietRequests?: number;
  /** Heap growth since the last collection worth giving back (V8 grows in steps of a few MB anyway). */
  growthBytes?: number;
}

export interface QuietCollection {
  stop(): void;
}

/**
 * Gives V8's grown heap back to the system once a busy spell is over (docs/decisions/020-cache-hit-path.md). V8's
 * own memory reducer judges this process's allocation rate high even when it is idle, so it shrinks the heap only
 * through its watchdog, 100 s or more after the last full collection. Here: when the heap has grown by
 * `growthBytes` since the last collection and fewer than `quietRequests` requests arrived since the last look, one
 * memory-reducing collection runs (the "last resort" kind: it also hands V8's pooled pages back). Without a `gc`
 * (the site started without `--expose-gc`, as in development and the tests) nothing is done.
 */
export function startQuietCollection(server: Server, options: QuietCollectionOptions = {}): QuietCollection {
  const { gc = globalThis.gc, checkMs = 5_000, quietRequests = 10, growthBytes = 16 * 1024 * 1024 } = options;
  if (!gc) return { stop() {} };
  let requests = 0;
  let settledHeap = getHeapStatistics().total_heap_size;
  let collecting = false;
  const count = () => {
    requests += 1;
  };
  server.on('request', count);
  const timer = setInterval(() => {
    const quiet = requests < quietRequests;
    requests = 0;
    if (collecting || !quiet || getHeapStatistics().total_heap_size < settledHeap + growthBytes) return;
    collecting = true;
    void gc({ type: 'major', flavor: 'last-resort', execution: 'async' }).finally(() => {
      collecting = false;
      settledHeap = getHeapStatistics().total_heap_size;
    });
  }, checkMs).unref();
  return {
    stop() {
      clearInterval(timer);
      server.off('request', count);
    },
  };
}
