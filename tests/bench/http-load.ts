/**
 * A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending its next request
 * as soon as the last answer arrived, for `seconds`. It runs in a worker thread so the client does not share an
 * event loop with the server it measures.
 */
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface LoadResult {
  requests: number;
  perSecond: number;
  errors: number;
  bytes: number;
}

interface LoadJob {
  urls: string[];
  seconds: number;
  connections: number;
}

async function runLoad({ urls, seconds, connections }: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = Date.now() + seconds * 1000;
  let requests = 0;
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const get = (url: string) =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent }, (res) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode === 200) requests += 1;
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
  return { requests, errors, bytes, perSecond: Math.round(requests / seconds) };
}

/** Measures from a worker thread; resolves with what it counted. */
export function measureThroughput(urls: string[], seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { urls, seconds, connections } satisfies LoadJob });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (!isMainThread) {
  parentPort!.postMessage(await runLoad(workerData as LoadJob));
}
