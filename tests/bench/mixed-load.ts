/**
 * The mixed load of a busy day on the public site, sent by the soak benchmark, the memory budget check and the
 * container test: `connections` keep-alive connections, each sending its next request as soon as the last answer
 * arrived, for `seconds`. Out of every 20 requests:
 * - 14 page views (home, services, about, contact, quote, the blog list and the demo posts: cache hits), half of
 *   them asking for gzip and brotli as browsers do, a quarter for gzip only, a quarter for neither;
 * - 1 page with a campaign parameter of its own (`/?utm_source=…`: served from the page's entry);
 * - 2 blog searches typed into the search box (`/blog?q=…`: a new page rendered and stored for each new term)
 *   and 1 through the JSON API (`/api/blog/posts?q=…`), over a vocabulary of real and made-up words, so the cache
 *   fills to its bound;
 * - 1 missing page (`/no-such-page-N`: a 404 rendered once and stored under its own address);
 * - 1 quote submission with its own solved ALTCHA challenge (the server needs an easy puzzle: BENCH_LEAD_ENV).
 * Answers are read to the end and counted; anything but the expected status is an error.
 * Usage as a command: node tests/bench/mixed-load.ts BASE_URL [seconds] [connections]
 */
import http from 'node:http';
import type { Challenge } from 'altcha-lib';
import { DEMO_POSTS } from '../../server/blog/demo-posts.ts';
import { slugify } from '../../shared/slug.ts';
import { goodQuote, solveAltcha } from '../helpers/leads.ts';

export const MIXED_PAGES = [
  '/',
  '/services',
  '/about',
  '/contact',
  '/quote',
  '/blog',
  ...DEMO_POSTS.map((p) => `/blog/${slugify(p.title)}`),
];

/** Words of the demo posts and words no post has: searches that find several posts, one, or none. */
const WORDS = [
  'cloud',
  'backup',
  'network',
  'security',
  'server',
  'migration',
  'hosting',
  'support',
  'data',
  'office',
  'firewall',
  'email',
];
const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip, deflate, br, zstd', 'gzip', ''];

export interface MixedLoadResult {
  pages: number;
  searches: number;
  submissions: number;
  notFound: number;
  errors: number;
  /** The first few unexpected answers, for the report. */
  errorSamples: string[];
  seconds: number;
}

export interface MixedLoadOptions {
  seconds: number;
  connections: number;
  /** Sent as `Origin` with submissions (the site's SITE_URL); the base URL's own origin when absent. */
  origin?: string;
}

export async function runMixedLoad(base: string, { seconds, connections, origin }: MixedLoadOptions): Promise<MixedLoadResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, path, method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
        res.on('error', () => resolve({ status: 0, text: '' }));
      });
      req.on('error', (err) => resolve({ status: 0, text: err.message }));
      req.end(body);
    });
  const result: MixedLoadResult = { pages: 0, searches: 0, submissions: 0, notFound: 0, errors: 0, errorSamples: [], seconds };
  const fail = (what: string, status: number, text: string) => {
    result.errors += 1;
    if (result.errorSamples.length < 5) result.errorSamples.push(`${what}: ${status} ${text.slice(0, 120)}`);
  };
  const expect = async (path: string, want: number, headers: Record<string, string> = {}) => {
    const res = await send('GET', path, headers);
    if (res.status !== want) fail(`GET ${path}`, res.status, res.text);
    return res.status === want;
  };
  const submit = async () => {
    const challenge = await send('GET', '/api/captcha/challenge', {});
    if (challenge.status !== 200) return fail('GET /api/captcha/challenge', challenge.status, challenge.text);
    const token = await solveAltcha(JSON.parse(challenge.text) as Challenge);
    const body = JSON.stringify({ data: { ...goodQuote('web-hosting'), 'g-recaptcha-response': token } });
    const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), Origin: origin ?? url.origin };
    const res = await send('POST', '/functions/submitQuote', headers, body);
    if (res.status === 200) result.submissions += 1;
    else fail('POST /functions/submitQuote', res.status, res.text);
  };

  let next = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const n = next++;
        const slot = n % 20;
        const term = `${WORDS[n % WORDS.length]}${n % 3 === 0 ? '' : ` ${(n % 997).toString(36)}`}`;
        if (slot === 19) await submit();
        else if (slot === 3 || slot === 11) {
          if (await expect(`/blog?q=${encodeURIComponent(term)}`, 200, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }))
            result.searches += 1;
        } else if (slot === 15) {
          if (await expect(`/api/blog/posts?q=${encodeURIComponent(term)}`, 200, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }))
            result.searches += 1;
        } else if (slot === 7) {
          if (await expect(`/?utm_source=load${n}`, 200, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })) result.pages += 1;
        } else if (slot === 17) {
          if (await expect(`/no-such-page-${n % 500}`, 404, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })) result.notFound += 1;
        } else {
          const encoding = ENCODINGS[n % ENCODINGS.length]!;
          if (await expect(MIXED_PAGES[n % MIXED_PAGES.length]!, 200, encoding ? { 'Accept-Encoding': encoding } : {})) result.pages += 1;
        }
      }
    }),
  );
  agent.destroy();
  return result;
}

export function describeMixedLoad(r: MixedLoadResult): string {
  return `${r.pages} pages, ${r.searches} searches, ${r.notFound} not-found pages, ${r.submissions} submissions in ${r.seconds} s, ${r.errors} errors${r.errorSamples.length ? ` (${r.errorSamples.join('; ')})` : ''}`;
}

if (import.meta.main) {
  const [base, seconds = '60', connections = '50'] = process.argv.slice(2);
  if (!base) {
    console.error('Usage: node tests/bench/mixed-load.ts BASE_URL [seconds] [connections]');
    process.exit(2);
  }
  const result = await runMixedLoad(base, { seconds: Number(seconds), connections: Number(connections) });
  console.log(JSON.stringify(result));
  process.exit(result.errors === 0 ? 0 : 1);
}
