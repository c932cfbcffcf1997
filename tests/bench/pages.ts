/**
 * Public pages benchmark (prints numbers, asserts nothing). Run after a build:
 *   npm run build && node tests/bench/pages.ts
 * - Uncached render time (p50/p99) of each public page: Vike and React rendering the HTML, then what the page
 *   cache adds once per content version (CSP hashes, gzip and brotli), beside a bare React renderToString of
 *   the home page's finished HTML as the framework's floor.
 * - The real server (SQLite, demo content) at 32 keep-alive connections sending `Accept-Encoding: gzip` as
 *   browsers do: req/s and p99 of /, /services, /blog, a post and /contact, each beside /healthz measured just
 *   before it on the same server.
 * - The server's resident memory with its page cache filled to the default bound (PAGE_CACHE_MB=32) by 1,500 and
 *   3,000 distinct URLs, beside a server given a 1 MB cache and the same URLs.
 * - The cached home page with metrics on (METRICS_TOKEN set) beside the same server build with them off.
 * BENCH_SECONDS changes the duration of each load (default 10).
 */
import { listRedirects } from '../../db/queries/redirects.ts';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createAnalyticsReader } from '../../server/analytics/analytics-report.ts';
import { createAdminPageService } from '../../server/admin-pages.ts';
import { readOffsiteBackupStatus } from '../../server/backup/backup-status.ts';
import { createImageService } from '../../server/media/image-service.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { createPreviewService } from '../../server/blog/post-previews.ts';
import { loadConfig } from '../../server/core/config.ts';
import { pageRoutes } from '../../server/http/pages.ts';
import { createPageCache } from '../../server/http/page-cache.ts';
import { contentSecurityPolicy } from '../../server/http/security-headers.ts';
import { createInboxService } from '../../server/inbox/inbox-service.ts';
import { deliverySettings } from '../../server/inbox/dashboard.ts';
import { storePage } from '../../server/http/stored-page.ts';
import { publicCaptchaConfig } from '../../server/leads/captcha/index.ts';
import { createStaffService } from '../../server/staff/users.ts';
import { createLogger } from '../../server/core/logger.ts';
import { createSettingsService } from '../../server/settings/settings-service.ts';
import { createSiteWordsService } from '../../server/site-words/site-words-service.ts';
import { seedDemoContent } from '../../server/blog/demo-content.ts';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { createTestDatabase, productionRenderer } from '../helpers/test-app.ts';
import { measureThroughput } from './http-load.ts';
import { measureLatency, reportFigure, reportLatency } from './report.ts';

// React picks its development or production build by NODE_ENV when first imported (below, dynamically).
process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
type Node = ReturnType<typeof createElement> | string;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const GZIP = { 'Accept-Encoding': 'gzip' };

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const PROPS: Record<string, string> = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex', charset: 'charSet' };

/** The same elements, attributes and text as a rendered page, as a React tree (inline CSS and JSON kept raw). */
function elementTree(html: string): Node {
  const root: Node[] = [];
  const stack: Array<{ tag: string; props: Record<string, unknown>; children: Node[] }> = [];
  const children = () => stack.at(-1)?.children ?? root;
  for (const [, close, tag, attrs = '', selfClose, text] of html
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>|([^<]+)/g)) {
    if (text !== undefined) {
      const parent = stack.at(-1);
      if (parent && (parent.tag === 'style' || parent.tag === 'script')) parent.props.dangerouslySetInnerHTML = { __html: text };
      else children().push(text);
    } else if (close) {
      const done = stack.pop()!;
      children().push(createElement(done.tag, done.props, ...done.children));
    } else {
      const props: Record<string, unknown> = {};
      for (const [, name, value] of attrs.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) props[PROPS[name!] ?? name!] = value ?? true;
      if (selfClose || VOID.has(tag!.toLowerCase())) children().push(createElement(tag!, props));
      else stack.push({ tag: tag!, props, children: [] });
    }
  }
  return root.find((n) => typeof n !== 'string')!;
}

async function renderTimes(): Promise<string> {
  console.log('\nuncached render, in process (SQLite, demo posts)');
  const database = await createTestDatabase('sqlite');
  try {
    await seedDemoContent(database.db);
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: database.url, SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
    const renderer = await productionRenderer();
    const blog = createBlogService({ db: database.db });
    const settings = createSettingsService({ db: database.db, logger: createLogger(config), contentArea: 'blog' });
    const inbox = createInboxService({
      db: database.db,
      timeZone: config.TIME_ZONE,
      delivery: deliverySettings(config),
      settings,
      repliesPerHour: config.REPLIES_PER_HOUR,
    });
    const analytics = createAnalyticsReader(database.db, config.TIME_ZONE, true);
    const previews = createPreviewService({ db: database.db, blog, siteUrl: config.SITE_URL });
    const staff = createStaffService({ db: database.db, settings: config });
    const images = createImageService({ db: database.db });
    const backupStatus = () => readOffsiteBackupStatus(database.db, database.engine, config);
    const redirects = { list: () => listRedirects(database.db) };
    const imports = { last: () => Promise.resolve(null) };
    const admin = createAdminPageService({
      inbox,
      blog,
      staff,
      analytics,
      db: database.db,
      previews,
      images,
      backupStatus,
      redirects,
      imports,
    });
    const words = createSiteWordsService({ db: database.db, logger: createLogger(config), contentArea: 'blog' });
    // The bench renders no editor: a page's share links are never asked for.
    const services = {
      captcha: publicCaptchaConfig(config),
      blog,
      admin,
      settings,
      previews,
      words: { ...words, shareLinks: async () => [] },
    };
    const cache = createPageCache({ db: database.db, area: 'blog', paths: /^\// });
    const pages = pageRoutes(renderer, config, services, contentSecurityPolicy(true), cache);
    const post = (await blog.listPublic({})).posts[0]!.slug;

    // The floor: React alone rendering the home page's elements and text to a string (no framework, no data).
    const home = elementTree((await pages.renderPublic('/'))!.body);
    const floor = await measureLatency(async () => renderToString(home as Parameters<typeof renderToString>[0]), 300);
    console.log(
      `  renderToString of the home page's ${(renderToString(home as Parameters<typeof renderToString>[0]).length / 1024).toFixed(0)} KB: p50 ${floor.p50.toFixed(2)} ms`,
    );

    for (const url of ['/', '/services', '/about', '/contact', '/quote', '/blog', `/blog/${post}`]) {
      const label = url.startsWith('/blog/') ? '/blog/{slug}' : url;
      const render = await measureLatency(() => pages.renderPublic(url), 300);
      const page = (await pages.renderPublic(url))!;
      const store = await measureLatency(() => storePage(page), 100);
      reportLatency('pages', 'sqlite', `render ${label}`, render, 'renderToString', floor);
      reportFigure({
        bench: 'pages',
        engine: 'sqlite',
        figure: `compress ${label} p50`,
        unit: 'ms',
        value: store.p50,
        baseline: 'render p50',
        baselineValue: render.p50,
      });
    }
    return post;
  } finally {
    await database.drop();
  }
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function throughput(): Promise<void> {
  console.log(`\nthe server at ${CONNECTIONS} connections, Accept-Encoding: gzip, ${SECONDS} s each`);
  const database = await createTestDatabase('sqlite');
  const port = await freePort();
  const child = await startServerProcess(port, {
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const post = /href="(\/blog\/[^"?]+)"/.exec(await (await fetch(`${base}/blog`)).text())![1]!;

    for (const [label, path] of [
      ['/', '/'],
      ['/services', '/services'],
      ['/blog', '/blog'],
      ['/blog/{slug}', post],
      ['/contact', '/contact'],
    ] as const) {
      // /healthz right before each page: on a shared machine the load changes from one minute to the next.
      const health = await measureThroughput([`${base}/healthz`], SECONDS, CONNECTIONS, { headers: GZIP });
      const page = await measureThroughput([base + path], SECONDS, CONNECTIONS, { headers: GZIP });
      if (page.errors) console.log(`  (${page.errors} errors on ${path})`);
      reportFigure({
        bench: 'pages',
        engine: 'sqlite',
        figure: `GET ${label}, c${CONNECTIONS} gzip`,
        unit: 'req/s',
        value: page.perSecond,
        baseline: 'GET /healthz',
        baselineValue: health.perSecond,
      });
      reportFigure({
        bench: 'pages',
        engine: 'sqlite',
        figure: `GET ${label}, c${CONNECTIONS} gzip p99`,
        unit: 'ms',
        value: page.p99,
        baseline: 'GET /healthz p99',
        baselineValue: health.p99,
      });
    }
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await database.drop();
  }
}

/**
 * What metrics cost a cache hit: two servers on the same demo database, one with METRICS_TOKEN (every request
 * timed into a histogram), one without, loaded in turn (off, on, off, on) so both see the same machine.
 */
async function metricsCost(): Promise<void> {
  console.log(`\ncached home page with and without metrics, c${CONNECTIONS} gzip, ${SECONDS} s each, twice`);
  const database = await createTestDatabase('sqlite');
  const env = { DATABASE_URL: database.url, SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };
  const [offPort, onPort] = [await freePort(), await freePort()];
  const off = await startServerProcess(offPort, env);
  const on = await startServerProcess(onPort, { ...env, METRICS_TOKEN: randomBytes(16).toString('hex') });
  try {
    const rate = async (port: number) =>
      (await measureThroughput([`http://127.0.0.1:${port}/`], SECONDS, CONNECTIONS, { headers: GZIP })).perSecond;
    const rounds: Array<[number, number]> = [];
    for (let i = 0; i < 2; i += 1) rounds.push([await rate(offPort), await rate(onPort)]);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    reportFigure({
      bench: 'pages',
      engine: 'sqlite',
      figure: `GET / cached, metrics on, c${CONNECTIONS} gzip`,
      unit: 'req/s',
      value: mean(rounds.map(([, v]) => v)),
      baseline: 'same, metrics off',
      baselineValue: mean(rounds.map(([v]) => v)),
    });
  } finally {
    for (const child of [off, on]) child.kill('SIGTERM');
    await Promise.all([exited(off), exited(on)]);
    await database.drop();
  }
}

/**
 * Resident memory of a fresh server after 3,000 distinct URLs (a blog search each, each a page of its own: ~25 KB
 * stored; a tracking parameter would be served from the page's own entry), with the given cache bound. With 1 MB nearly nothing is kept, so the difference to the default
 * bound is what the cache holds; the rest is what rendering and compressing 3,000 pages left behind.
 */
async function rssAfterFill(cacheMb: number): Promise<{ start: number; half: number; full: number }> {
  const database = await createTestDatabase('sqlite');
  const port = await freePort();
  // As `npm run serve` starts it (its bundle, heap limits and allocator settings): what a production box holds.
  const serve = serveCommand();
  const env = {
    ...serve.env,
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    PAGE_CACHE_MB: String(cacheMb),
  };
  const child = await startServerProcess(port, env, { args: serve.args });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const start = rssMb(child.pid!);
    const fill = async (from: number, to: number) => {
      for (let i = from; i < to; i += 8) {
        const batch = Array.from({ length: 8 }, (_, k) => `http://127.0.0.1:${port}/blog?q=bench${i + k}`);
        await Promise.all(batch.map((u) => fetch(u, { headers: GZIP }).then((r) => r.arrayBuffer())));
      }
    };
    await fill(0, 1500);
    const half = rssMb(child.pid!);
    await fill(1500, 3000);
    return { start, half, full: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await database.drop();
  }
}

async function memory(): Promise<void> {
  console.log('\nresident memory of the server process, as npm run serve starts it');
  execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: new URL('../..', import.meta.url), stdio: 'ignore' });
  const small = await rssAfterFill(1);
  const bounded = await rssAfterFill(32);
  const figure = (label: string, value: number, baseline: string, base: number) =>
    reportFigure({ bench: 'pages', engine: 'sqlite', figure: label, unit: 'MB', value, baseline, baselineValue: base });
  figure('RSS after start (warm pages)', bounded.start, 'same, PAGE_CACHE_MB=1', small.start);
  figure('RSS, 32 MB cache (1,500 searches)', bounded.half, 'same URLs, PAGE_CACHE_MB=1', small.half);
  figure('RSS, 32 MB cache (3,000 searches)', bounded.full, 'same URLs, PAGE_CACHE_MB=1', small.full);
}

// Load the page build first: a rebuild by someone else later in the run then cannot half-load it.
await productionRenderer();
console.log('pages benchmark');
await renderTimes();
await throughput();
await metricsCost();
await memory();
process.exit(0);
