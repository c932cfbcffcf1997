/**
 * A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending its next request
 * as soon as the last answer arrived, for `seconds`. It runs in a worker thread so the client does not share an
 * event loop with the server it measures.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { percentile } from './report.ts';

export interface LoadResult {
  requests: number;
  perSecond: number;
  errors: number;
  bytes: number;
  /** Latency of the successful requests, ms. */
  p50: number;
  p99: number;
}

export interface LoadOptions {
  /** Sent with every request, e.g. `{ 'Accept-Encoding': 'gzip' }` as browsers send it. */
  headers?: Record<string, string>;
}

interface LoadJob extends LoadOptions {
  urls: string[];
  seconds: number;
  connections: number;
}

async function runLoad({ urls, seconds, connections, headers = {} }: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const get = (url: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) await get(urls[next++ % urls.length]!);
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? percentile(latencies, p) : Number.NaN);
  return { requests: latencies.length, errors, bytes, perSecond: Math.round(latencies.length / seconds), p50: pct(50), p99: pct(99) };
}

/** Measures from a worker thread; resolves with what it counted. */
export function measureThroughput(urls: string[], seconds: number, connections: number, options: LoadOptions = {}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { urls, seconds, connections, ...options } satisfies LoadJob });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (!isMainThread) {
  parentPort!.postMessage(await runLoad(workerData as LoadJob));
}
