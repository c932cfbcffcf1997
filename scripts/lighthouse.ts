/**
 * Lighthouse (mobile) against the production build: home, services, about, contact, quote, blog and one post,
 * 3 runs each; prints the median of each category and of the metrics behind the performance score. Fails when
 * accessibility, best practices or SEO is below 1.00. Performance is reported only: it is noisy on shared machines.
 * Usage: npm run lighthouse
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seedDemoContent } from '../server/blog/demo-content.ts';
import { listPublicBlogs } from '../db/queries/blogs.ts';
import { startSite } from '../tests/helpers/browser.ts';

const run = promisify(execFile);
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const HELD = new Set(['accessibility', 'best-practices', 'seo']);
// The metrics the performance score is made of (CLS unitless, the others in ms), with the column each gets.
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;
type Metric = keyof typeof METRICS;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * One Lighthouse run into `out`. Chromium sometimes fails to record the trace on a busy machine (NO_NAVSTART,
 * NO_FCP); such a run is tried again, up to three times, before the whole script fails.
 */
async function lighthouse(url: string, out: string, attempts = 3): Promise<void> {
  try {
    // `--no`: the project's own Lighthouse (a devDependency), never a download.
    await run(
      'npx',
      [
        '--no',
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--form-factor=mobile',
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-path=${chromePath}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (err) {
    if (attempts <= 1) throw err;
    console.error(
      `Lighthouse failed on ${url}, trying again: ${(err as { stderr?: string }).stderr?.trim().split('\n').at(-1) ?? String(err)}`,
    );
    await lighthouse(url, out, attempts - 1);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Lighthouse checks that the page is served over HTTPS-equivalent origins: localhost counts as secure.
const site = await startSite({ env: { SITE_URL: 'http://localhost' } });
await seedDemoContent(site.database.db);
const [post] = await listPublicBlogs(site.database.db, { now: new Date().toISOString(), after: null, search: null, limit: 1 });
if (!post) throw new Error('The demo content has no public post to measure.');
const base = site.baseUrl.replace('127.0.0.1', 'localhost');
const pages = ['/', '/services', '/about', '/contact', '/quote', '/blog', `/blog/${post.slug}`];
const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const rows: Array<{ page: string; scores: Record<string, number>; metrics: Record<string, number> }> = [];
let failed = false;
try {
  for (const page of pages) {
    const runs: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const measured: Record<string, number[]> = Object.fromEntries(Object.keys(METRICS).map((m) => [m, []]));
    for (let i = 0; i < RUNS; i += 1) {
      const out = join(dir, `report-${i}.json`);
      await lighthouse(base + page, out);
      // A category Lighthouse could not score (the page failed to paint) has a null score: count it as 0.
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        categories: Record<string, { score: number | null }>;
        audits: Record<Metric, { numericValue?: number }>;
      };
      for (const c of CATEGORIES) runs[c]!.push(report.categories[c]?.score ?? 0);
      for (const m of Object.keys(METRICS) as Metric[]) measured[m]!.push(report.audits[m]?.numericValue ?? Number.NaN);
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs[c]!)]));
    const metrics = Object.fromEntries(Object.keys(METRICS).map((m) => [m, median(measured[m]!)]));
    rows.push({ page, scores, metrics });
    for (const c of HELD) if (scores[c]! < 1) failed = true;
  }
} catch (err) {
  // Reported here and by the exit code, so a run that broke half-way never passes for a clean one.
  console.error(err);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
  await site.stop();
}

console.log(`\nLighthouse, mobile, median of ${RUNS} runs`);
console.log(['page'.padEnd(40), ...CATEGORIES.map((c) => c.padStart(15))].join(''));
for (const row of rows) {
  console.log([row.page.slice(0, 39).padEnd(40), ...CATEGORIES.map((c) => row.scores[c]!.toFixed(2).padStart(15))].join(''));
}
console.log(`\nPerformance metrics, median of ${RUNS} runs (simulated slow 4G, 4x CPU slowdown)`);
console.log(['page'.padEnd(40), ...Object.values(METRICS).map((label) => label.padStart(8))].join(''));
for (const row of rows) {
  const cells = (Object.keys(METRICS) as Metric[]).map((m) => {
    const value = row.metrics[m]!;
    return (m === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)}`).padStart(8);
  });
  console.log([row.page.slice(0, 39).padEnd(40), ...cells].join(''));
}
if (failed) {
  console.error('\nAccessibility, best practices and SEO must be 1.00 on every page.');
  process.exitCode = 1;
}
