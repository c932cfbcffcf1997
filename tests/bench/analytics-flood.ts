/**
 * A flood of page views built to fill the analytics tables: every request from one address, each with a browser
 * string, campaign tags and referrer of its own, as a person's browser asks for a page (so each one counts).
 * Used by the fault test of the analytics limits and by the flood bench (analytics-flood-bench.ts), and as a
 * command against any running server:
 *   node tests/bench/analytics-flood.ts BASE_URL SECONDS [connections]
 */
import http from 'node:http';

export interface FloodOptions {
  /** Stop after this many requests, or after `seconds`, whichever comes first. */
  requests?: number;
  seconds?: number;
  connections?: number;
  /** The path every request asks for (the tags are added to it). */
  path?: string;
}

export interface FloodResult {
  sent: number;
  /** Answers other than 200, and requests that got no answer. */
  errors: number;
  perSecond: number;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Request `n`: made-up browser, tags and referring site, from one network. */
function floodRequest(n: number, path: string): { path: string; headers: Record<string, string> } {
  const tags = `utm_source=src-${n}&utm_medium=cpc-${n % 97}&utm_campaign=campaign-${n}-${'x'.repeat(n % 40)}`;
  return {
    path: `${path}?${tags}`,
    headers: {
      'User-Agent': `${BROWSER} Flood/${n}`,
      'Sec-Fetch-Dest': 'document',
      'Sec-Fetch-Mode': 'navigate',
      Referer: `https://site-${n}.example-${n % 13}.org/page/${n}`,
      'X-Forwarded-For': '198.18.0.1',
      'Accept-Encoding': 'br',
    },
  };
}

export async function flood(base: string, options: FloodOptions): Promise<FloodResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 50 });
  const started = Date.now();
  const end = options.seconds === undefined ? Infinity : started + options.seconds * 1000;
  const limit = options.requests ?? Infinity;
  let sent = 0;
  let errors = 0;
  const one = (n: number) =>
    new Promise<void>((resolve) => {
      const { path, headers } = floodRequest(n, options.path ?? '/about');
      const req = http.get({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
        if (res.statusCode !== 200) errors += 1;
        res.resume().on('end', resolve);
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: options.connections ?? 50 }, async () => {
      while (sent < limit && Date.now() < end) await one(sent++);
    }),
  );
  agent.destroy();
  return { sent, errors, perSecond: sent / ((Date.now() - started) / 1000) };
}

if (import.meta.main) {
  const [base, seconds, connections = '50'] = process.argv.slice(2);
  if (!base || !seconds) {
    console.error('Usage: node tests/bench/analytics-flood.ts BASE_URL SECONDS [connections]');
    process.exit(2);
  }
  console.log(JSON.stringify(await flood(base, { seconds: Number(seconds), connections: Number(connections) })));
}
