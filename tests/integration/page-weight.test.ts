import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seed/seed-demo.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

const KB = 1024;
let t: TestApp;
let postPath: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db);
  const post = await t.database.db.selectFrom('blogs').select('slug').executeTakeFirstOrThrow();
  postPath = `/blog/${post.slug}`;
});
afterAll(() => t.close());

/** Gzipped bytes of every script and stylesheet a page loads, following static imports of its modules. */
async function pageWeight(path: string) {
  const html = (await request(t.app).get(path)).text;
  const scripts = new Set<string>();
  const queue = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!),
  ];
  let js = 0;
  while (queue.length) {
    const src = queue.pop()!;
    if (scripts.has(src)) continue;
    scripts.add(src);
    const body = (await request(t.app).get(src).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    })).body as Buffer;
    js += gzipSync(body).length;
    // Static imports between chunks load eagerly too.
    for (const m of body.toString('utf8').matchAll(/(?:^|[;}\s])import\s*(?:[^'"()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1]!, `http://x${src}`).pathname);
    }
  }
  let css = 0;
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  for (const href of stylesheets) css += gzipSync((await request(t.app).get(href)).text).length;
  // The site's stylesheet is inlined in the head (pages/+Head.tsx).
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css += gzipSync(m[1]!).length;
  return { js, css, stylesheets: stylesheets.length, html: gzipSync(html).length };
}

describe('page weight budgets (production build)', () => {
  it.each(['/', '/services', '/about', '/privacy', 'POST'])('content page %s ships 0 bytes of JavaScript', async (path) => {
    const weight = await pageWeight(path === 'POST' ? postPath : path);
    expect(weight.js).toBe(0);
  });

  it.each(['/contact', '/quote', '/blog'])('interactive page %s ships at most 100 KB of JavaScript gzipped', async (path) => {
    const weight = await pageWeight(path);
    expect(weight.js).toBeGreaterThan(0);
    expect(weight.js).toBeLessThanOrEqual(100 * KB);
  });

  it.each(['/', '/services', '/about', '/contact', '/quote', '/blog', 'POST'])('%s ships at most 20 KB of CSS gzipped', async (path) => {
    const weight = await pageWeight(path === 'POST' ? postPath : path);
    expect(weight.css).toBeGreaterThan(0);
    expect(weight.css).toBeLessThanOrEqual(20 * KB);
  });

  it.each(['/', '/contact', '/quote', '/blog', 'POST'])('%s waits for no stylesheet before its first paint', async (path) => {
    const weight = await pageWeight(path === 'POST' ? postPath : path);
    expect(weight.stylesheets).toBe(0);
  });

  it('the home page HTML, inline CSS included, fits in one round trip (14 KB gzipped)', async () => {
    const weight = await pageWeight('/');
    expect(weight.html).toBeLessThanOrEqual(14 * KB);
  });
});
