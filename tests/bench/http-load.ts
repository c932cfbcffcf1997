/**
 * A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending its next request
 * as soon as the last answer arrived, for `seconds`. It runs in a worker thread so the client does not share an
 * event loop with the server it measures. With `raw`, each connection is a bare socket that writes the request
 * bytes and reads answers by their Content-Length, like wrk: Node's HTTP client tops out near 12,000 answers a
 * second on these machines, below what nginx (or a cache hit) can send, so it would measure itself.
 */
import http from 'node:http';
import net from 'node:net';
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
  /** Successful requests per second in each `bucketSeconds` of the run, in order (with `bucketSeconds`). */
  buckets: number[];
}

export interface LoadOptions {
  /** Sent with every request, e.g. `{ 'Accept-Encoding': 'gzip' }` as browsers send it. */
  headers?: Record<string, string>;
  /** Also count the rate in each period of this many seconds (a long run's first and last 10 s). */
  bucketSeconds?: number;
  /** Bare sockets instead of Node's HTTP client (answers must carry Content-Length; one host for all URLs). */
  raw?: boolean;
  /** The status an answer must have to count (200 unless told, e.g. 301 for redirects); any other is an error. */
  status?: number;
}

interface LoadJob extends LoadOptions {
  urls: string[];
  seconds: number;
  connections: number;
}

/** What both load runners count: answers, errors, bytes, latencies and per-bucket rates, and the result from them. */
function tally(seconds: number, bucketSeconds: number | undefined, expected = 200) {
  const start = Date.now();
  const counts: number[] = [];
  const latencies: number[] = [];
  const t = {
    end: start + seconds * 1000,
    errors: 0,
    bytes: 0,
    /** One answer, begun at `started` (performance.now()); anything but the expected status counts as an error. */
    record(status: number, started: number) {
      if (status !== expected) {
        t.errors += 1;
        return;
      }
      latencies.push(performance.now() - started);
      if (bucketSeconds) {
        const bucket = Math.min(Math.floor((Date.now() - start) / (bucketSeconds * 1000)), Math.ceil(seconds / bucketSeconds) - 1);
        counts[bucket] = (counts[bucket] ?? 0) + 1;
      }
    },
    result(): LoadResult {
      latencies.sort((a, b) => a - b);
      const pct = (p: number) => (latencies.length ? percentile(latencies, p) : Number.NaN);
      const buckets = bucketSeconds
        ? Array.from({ length: Math.ceil(seconds / bucketSeconds) }, (_, i) => Math.round((counts[i] ?? 0) / bucketSeconds))
        : [];
      return {
        requests: latencies.length,
        errors: t.errors,
        bytes: t.bytes,
        perSecond: Math.round(latencies.length / seconds),
        p50: pct(50),
        p99: pct(99),
        buckets,
      };
    },
  };
  return t;
}

async function runLoad({ urls, seconds, connections, headers = {}, bucketSeconds, status }: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const t = tally(seconds, bucketSeconds, status);
  let next = 0;
  const get = (url: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', (chunk: Buffer) => (t.bytes += chunk.length));
        res.on('end', () => {
          t.record(res.statusCode ?? 0, started);
          resolve();
        });
      });
      req.on('error', () => {
        t.errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < t.end) await get(urls[next++ % urls.length]!);
    }),
  );
  agent.destroy();
  return t.result();
}

/** The same load through bare sockets (`raw`): requests written as bytes, answers framed by Content-Length. */
async function runRawLoad({ urls, seconds, connections, headers = {}, bucketSeconds, status: expected }: LoadJob): Promise<LoadResult> {
  const t = tally(seconds, bucketSeconds, expected);
  const { end } = t;
  let next = 0;
  const targets = urls.map((u) => new URL(u));
  const { hostname, port } = targets[0]!;
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = targets.map((url) =>
    Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${extra}\r\n`, 'latin1'),
  );
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((done) => {
          const socket = net.connect(Number(port), hostname);
          socket.setNoDelay(true);
          let started = 0;
          let head: Buffer | null = null;
          let inBody = false;
          let remaining = 0;
          let status = 0;
          const send = () => {
            if (Date.now() >= end) return void socket.end();
            started = performance.now();
            socket.write(requests[next++ % requests.length]!);
          };
          socket.on('connect', send);
          socket.on('data', (chunk: Buffer) => {
            let offset = 0;
            while (offset < chunk.length) {
              if (!inBody) {
                const seen = head?.length ?? 0;
                const data = head ? Buffer.concat([head, chunk.subarray(offset)]) : chunk.subarray(offset);
                const at = data.indexOf('\r\n\r\n');
                if (at === -1) {
                  head = Buffer.from(data);
                  return;
                }
                const text = data.toString('latin1', 0, at);
                status = Number(text.slice(9, 12));
                remaining = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0);
                t.bytes += at + 4;
                offset += at + 4 - seen;
                head = null;
                inBody = true;
              }
              const take = Math.min(remaining, chunk.length - offset);
              remaining -= take;
              offset += take;
              t.bytes += take;
              if (remaining === 0) {
                inBody = false;
                t.record(status, started);
                send();
              }
            }
          });
          socket.on('error', () => {
            t.errors += 1;
          });
          socket.on('close', () => done());
        }),
    ),
  );
  return t.result();
}

/**
 * One request on `agent`, timed: the milliseconds to its whole answer when that is a 200, else -1. With a `body` it
 * is a JSON POST; a GET sends `getHeaders`.
 */
export function timedRequest(
  agent: http.Agent,
  port: number,
  path: string,
  body?: string,
  getHeaders: http.OutgoingHttpHeaders = {},
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : getHeaders,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : -1));
      },
    );
    req.on('error', () => resolve(-1));
    req.end(body);
  });
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
  const job = workerData as LoadJob;
  parentPort!.postMessage(await (job.raw ? runRawLoad(job) : runLoad(job)));
}
