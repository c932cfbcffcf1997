/**
 * Blog benchmark (prints numbers, asserts nothing). Run after a build:
 *   npm run build && npm run bench:blog
 * Generates BENCH_POSTS (default 100,000) posts into a fresh SQLite file and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, a fresh PostgreSQL schema. Then, per engine:
 * - server time (service call, p50/p99) of the first page, the 200th page by cursor and searches;
 * - requests per second for /blog/{slug} and /blog at 32 connections for BENCH_SECONDS (default 10), beside the
 *   same server's rate for a static file of the same size.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type RequestListener, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { sql } from 'kysely';
import { insertBlogs } from '../../db/queries/blogs.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/core/config.ts';
import { createLogger } from '../../server/core/logger.ts';
import { createBlogService, parsePost, storedPost } from '../../server/blog/blog-service.ts';
import { encodeCursor } from '../../shared/cursor.ts';
import { type TestDatabase, createTestDatabase, productionRenderer } from '../helpers/test-app.ts';
import { measureThroughput } from './http-load.ts';
import { measureLatency, reportFigure, reportLatency } from './report.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const SAMPLES = 200;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const WORDS = (
  'network server storage backup restore firewall switch router cloud migration office laptop desktop printer ' +
  'wireless cable rack power cooling security patch update monitor alert ticket support engineer client site ' +
  'domain hosting website design email identity password policy device user access audit report budget plan ' +
  'project schedule vendor warranty repair replace upgrade install configure document review test deploy'
).split(' ');

/** Deterministic pseudo-random numbers, so every run generates the same posts. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

function sentence(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
}

/** One generated post; every 1000th mentions "quokkafirmware" (a rare search), drafts and future posts mixed in. */
function generated(i: number, rand: () => number, now: number) {
  const tenYears = 10 * 365 * 24 * 3600_000;
  const future = i % 100 === 0;
  const publishedAt = new Date(future ? now + rand() * tenYears : now - rand() * tenYears).toISOString();
  const rare = i % 1000 === 0 ? ' quokkafirmware' : '';
  const content = `<h2>${sentence(rand, 5)}</h2><p>${sentence(rand, 90)}${rare}.</p><ul><li>${sentence(rand, 12)}</li><li>${sentence(rand, 12)}</li></ul><p>${sentence(rand, 80)}.</p>`;
  const data = parsePost({
    title: `${sentence(rand, 5)} ${i}`,
    excerpt: sentence(rand, 25),
    author: 'Bench Author',
    content,
    featuredImage: '/images/blog/zero-trust-for-small-business.svg',
    featuredImageDecorative: true,
    tags: 'Bench, Load',
    published: i % 20 !== 0,
    publishedAt,
  });
  return storedPost(data, {
    id: crypto.randomUUID(),
    slug: `bench-post-${i}`,
    publishedAt,
    publishDateFixed: true,
    createdAt: publishedAt,
    updatedAt: publishedAt,
  });
}

async function fill(database: TestDatabase): Promise<void> {
  const rand = random(42);
  const now = Date.now();
  const batch = 500;
  const started = performance.now();
  for (let start = 0; start < POSTS; start += batch) {
    const rows = Array.from({ length: Math.min(batch, POSTS - start) }, (_, k) => generated(start + k + 1, rand, now));
    await database.db.transaction().execute((trx) => insertBlogs(trx, rows));
  }
  // Fresh statistics, as autovacuum would have gathered on a live site (SQLite: ANALYZE feeds its planner too).
  await sql`analyze blogs`.execute(database.db);
  console.log(`  generated ${POSTS.toLocaleString('en-AU')} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function listen(app: RequestListener): Promise<{ server: Server; base: string }> {
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function bench(engine: 'sqlite' | 'postgres'): Promise<void> {
  console.log(`\n${engine}`);
  const database = await createTestDatabase(engine);
  try {
    await fill(database);
    const blog = createBlogService({ db: database.db });

    // The cursor of the 200th page is the key of the 995th public post.
    const key = await database.db
      .selectFrom('blogs')
      .select(['published_at', 'id'])
      .where('published', '=', 1)
      .where('published_at', '<=', new Date().toISOString())
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .offset(199 * 5 - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const page200 = encodeCursor({ at: key.published_at, id: key.id });

    // Baseline: the cheapest round trip to the same database, measured the same way in the same run.
    const floor = await measureLatency(() => sql`select 1`.execute(database.db), SAMPLES);
    const time = async (label: string, run: () => Promise<unknown>) =>
      reportLatency('blog', engine, label, await measureLatency(run, SAMPLES), 'select 1', floor);
    await time('first page', () => blog.listPublic({}));
    await time('200th page by cursor', () => blog.listPublic({ cursor: page200 }));
    await time('search, rare word', () => blog.listPublic({ q: 'quokkafirmware' }));
    await time('search, common word', () => blog.listPublic({ q: 'firewall' }));
    await time('search, no match', () => blog.listPublic({ q: 'zzzqqq' }));
    await time('search, 2 characters', () => blog.listPublic({ q: 'zq' }));
    await time('post by slug', () => blog.getPublicBySlug('bench-post-1001'));

    // Throughput through the whole app, with a static file of the same size served by the same pipeline.
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
      SITE_URL: 'https://www.example.com.au',
    });
    const production = await productionRenderer();
    const staticDir = mkdtempSync(join(tmpdir(), 'bench-static-'));
    const serveStatic = express.static(staticDir);
    const renderer = {
      ...production,
      assets: ((req, res, next) => serveStatic(req, res, () => production.assets(req, res, next))) as typeof production.assets,
    };
    const app = createApp({ config, database, logger: createLogger(config), renderer }).listener;
    const { server, base } = await listen(app);
    try {
      const slugs = (await blog.listPublic({})).posts.map((p) => p.slug);
      for (const [label, urls] of [
        ['/blog/{slug}', slugs.map((s) => `${base}/blog/${s}`)],
        ['/blog', [`${base}/blog`]],
      ] as const) {
        const size = Buffer.byteLength(await (await fetch(urls[0]!)).text());
        const file = `same-size-${size}.html`;
        writeFileSync(join(staticDir, file), 'x'.repeat(size));
        for (const url of urls) await fetch(url);
        const page = await measureThroughput([...urls], SECONDS, CONNECTIONS);
        const still = await measureThroughput([`${base}/${file}`], SECONDS, CONNECTIONS);
        if (page.errors + still.errors) console.log(`  (${page.errors + still.errors} errors)`);
        reportFigure({
          bench: 'blog',
          engine,
          figure: `GET ${label}, ${CONNECTIONS} connections`,
          unit: 'req/s',
          value: page.perSecond,
          baseline: `static file of ${size} B`,
          baselineValue: still.perSecond,
        });
      }
    } finally {
      server.closeAllConnections();
      server.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  } finally {
    await database.drop();
  }
}

// Load the page build first: a rebuild by someone else later in the run then cannot half-load it.
await productionRenderer();
console.log(
  `blog benchmark: ${POSTS.toLocaleString('en-AU')} posts, ${SAMPLES} samples per timing, ${CONNECTIONS} connections for ${SECONDS} s`,
);
await bench('sqlite');
if (PG_URL) {
  process.env.TEST_DATABASE_URL = PG_URL;
  await bench('postgres');
} else console.log('\n(postgres skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
process.exit(0);
