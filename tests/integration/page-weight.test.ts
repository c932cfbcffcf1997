import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../server/blog/demo-content.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import * as adminMessages from '../../shared/admin-messages.ts';
import * as adminTexts from '../../shared/admin-texts.ts';
import * as visitorTexts from '../../shared/messages.ts';
import { ADMIN_TEST_ENV, StaffClient, createStaff, insertQuote } from '../helpers/admin-client.ts';

const KB = 1024;
let t: TestApp;
let staff: StaffClient;
let postPath: string;
let leadPath: string;

beforeAll(async () => {
  t = await createTestApp({ env: ADMIN_TEST_ENV });
  await seedDemoContent(t.database.db);
  // A post a visitor finds on the blog.
  const [post] = ((await request(t.app).get('/api/blog/posts')).body as { posts: Array<{ slug: string }> }).posts;
  if (!post) throw new Error('the demo content has no public post');
  postPath = `/blog/${post.slug}`;
  leadPath = `/admin/leads/quote/${await insertQuote(t.database.db)}`;
  await createStaff(t.database.db);
  staff = new StaffClient(t.app);
  expect((await staff.signIn()).status).toBe(200);
});
afterAll(() => t.close());

async function fetchBytes(path: string, client = staff): Promise<Buffer> {
  const res = await client
    .req('get', path)
    .buffer(true)
    .parse((stream, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status, path).toBe(200);
  return res.body as Buffer;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[^'"`()]*?from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /import\(["'`](\.{1,2}\/[^"'`]+\.js)["'`]\)/g;

/**
 * Gzipped bytes of the scripts reached from `start` through static imports (they load eagerly), skipping
 * those in `loaded`. Dynamic imports met on the way are returned, and so are the files each one brings
 * along (Vite's `__vite__mapDeps` lists: its stylesheet, chunks).
 */
async function scriptWeight(start: string[], loaded: Set<string>) {
  const queue = [...start];
  const dynamic = new Set<string>();
  const lazyDeps: string[][] = [];
  const sources: string[] = [];
  let js = 0;
  while (queue.length) {
    const src = queue.pop()!;
    if (loaded.has(src)) continue;
    loaded.add(src);
    const body = await fetchBytes(src);
    js += gzipSync(body).length;
    const text = body.toString('utf8');
    sources.push(text);
    for (const m of text.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1]!, `http://x${src}`).pathname);
    for (const m of text.matchAll(DYNAMIC_IMPORT)) dynamic.add(new URL(m[1]!, `http://x${src}`).pathname);
    for (const m of text.matchAll(/m\.f=\[([^\]]*)\]/g)) lazyDeps.push([...m[1]!.matchAll(/["'`]([^"'`]+)["'`]/g)].map((d) => `/${d[1]}`));
  }
  return { js, dynamic, lazyDeps, source: sources.join('\n') };
}

async function gzippedSize(paths: Iterable<string>, loaded: Set<string>): Promise<number> {
  let bytes = 0;
  for (const path of paths) {
    if (loaded.has(path)) continue;
    loaded.add(path);
    bytes += gzipSync(await fetchBytes(path)).length;
  }
  return bytes;
}

/** Gzipped JavaScript and CSS a page loads at start, and the captcha widget it loads on first interaction. */
async function pageWeight(path: string, client = staff) {
  const html = (await fetchBytes(path, client)).toString('utf8');
  const loaded = new Set<string>();
  const page = await scriptWeight(
    [
      ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!),
    ],
    loaded,
  );
  // The captcha widget: the lazily imported module that defines <altcha-widget>, what it imports, the files
  // loaded along with it, and the proof-of-work worker it starts.
  const widgetEntries: string[] = [];
  for (const src of page.dynamic) {
    if (/altcha-widget/.test((await fetchBytes(src)).toString('utf8'))) widgetEntries.push(src);
  }
  const widget = await scriptWeight(widgetEntries, loaded);
  let widgetBytes = widget.js;
  for (const deps of page.lazyDeps) {
    if (deps.some((d) => widgetEntries.includes(d))) widgetBytes += await gzippedSize(deps, loaded);
  }
  for (const src of widgetEntries) {
    const workers = [...(await fetchBytes(src)).toString('utf8').matchAll(/new Worker\(["'`]([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
    widgetBytes += await gzippedSize(workers, loaded);
  }
  let css = 0;
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  for (const href of stylesheets) css += gzipSync(await fetchBytes(href)).length;
  // The site's stylesheet is inlined in the head (pages/+Head.tsx).
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css += gzipSync(m[1]!).length;
  if (process.env.PAGE_WEIGHT_REPORT) console.log(path, { js: page.js, widget: widgetBytes });
  return {
    js: page.js,
    source: page.source,
    widgetEntries,
    widgetJs: widgetBytes,
    css,
    stylesheets: stylesheets.length,
    html: gzipSync(html).length,
  };
}

/** Every text in a catalogue module, however deeply nested. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/**
 * The admin's words that a script would hold verbatim (long enough to be unmistakable, no quote or escape the
 * minifier might rewrite), leaving out any the visitor's catalogue also has.
 */
const VISITOR_TEXTS = new Set(textsOf(visitorTexts));
const ADMIN_WORDS = [...textsOf(adminTexts), ...textsOf(adminMessages)].filter(
  (text) => text.length >= 24 && !/["'`\\\n$]/.test(text) && !VISITOR_TEXTS.has(text),
);

const pathOf = (path: string) => (path === 'POST' ? postPath : path === 'LEAD' ? leadPath : path);

describe('page weight budgets (production build, React 19 in the browser)', () => {
  it.each(['/', '/services', '/about', '/privacy', 'POST'])('content page %s ships 0 bytes of JavaScript', async (path) => {
    const weight = await pageWeight(pathOf(path));
    expect(weight.js).toBe(0);
  });

  // The admin's words left the visitor's catalogue (docs/product.md#messages): each form page lost 8 KB.
  it.each([
    ['/contact', 125],
    ['/quote', 125],
    ['/blog', 105],
  ])('interactive page %s ships at most %i KB of JavaScript gzipped at load', async (path, budget) => {
    const weight = await pageWeight(path);
    expect(weight.js).toBeGreaterThan(0);
    expect(weight.js).toBeLessThanOrEqual(budget * KB);
  });

  it.each(['/contact', '/quote'])('%s loads the captcha widget only on first interaction, at most 35 KB gzipped', async (path) => {
    const weight = await pageWeight(path);
    expect(weight.widgetEntries).toHaveLength(1);
    expect(weight.widgetJs).toBeGreaterThan(10 * KB);
    expect(weight.widgetJs).toBeLessThanOrEqual(35 * KB);
  });

  it.each(['/contact', '/quote', '/blog'])(
    "%s carries none of the admin's words in its script (docs/product.md#messages)",
    async (path) => {
      expect(ADMIN_WORDS.length).toBeGreaterThan(100);
      const { source } = await pageWeight(path);
      expect(ADMIN_WORDS.filter((text) => source.includes(text))).toEqual([]);
    },
  );

  // Staff pages load the admin's words as a chunk of their own since they left the visitor's catalogue: a lead's
  // page grew by 0.6 KB, to 120.1 KB.
  it('admin page /admin/login ships at most 125 KB of JavaScript gzipped at load', async () => {
    const weight = await pageWeight('/admin/login', new StaffClient(t.app));
    expect(weight.js).toBeGreaterThan(0);
    expect(weight.js).toBeLessThanOrEqual(125 * KB);
  });

  it.each(['/admin/dashboard', '/admin/leads', 'LEAD', '/admin/blog', '/admin/audit', '/admin/account', '/admin/privacy'])(
    'admin page %s ships at most 125 KB of JavaScript gzipped at load',
    async (path) => {
      const weight = await pageWeight(pathOf(path));
      expect(weight.js).toBeGreaterThan(0);
      expect(weight.js).toBeLessThanOrEqual(125 * KB);
    },
  );

  it.each(['/', '/services', '/about', '/contact', '/quote', '/blog', 'POST'])('%s ships at most 20 KB of CSS gzipped', async (path) => {
    const weight = await pageWeight(pathOf(path));
    expect(weight.css).toBeGreaterThan(0);
    expect(weight.css).toBeLessThanOrEqual(20 * KB);
  });

  it.each(['/', '/contact', '/quote', '/blog', 'POST'])('%s waits for no stylesheet before its first paint', async (path) => {
    const weight = await pageWeight(pathOf(path));
    expect(weight.stylesheets).toBe(0);
  });

  it.each(['/', '/services', '/quote', '/blog', 'POST'])(
    '%s carries none of the staff area’s styles; the staff area carries them after the site’s, which they override',
    async (path) => {
      // Whatever the status: an error page is a page too.
      const blocks = async (at: string) =>
        [...(await staff.req('get', at)).text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect((await blocks(pathOf(path))).join('')).not.toMatch(/\.admin[-\s{.]|\.leads-chart|\.rte-content/);
      // The staff area's pages, and its error pages, shown in its frame; its rules win over the site's at equal
      // weight (`.button-small` over `.button`) only when they come later.
      for (const admin of ['/admin/dashboard', '/admin/no-such-page']) {
        const styles = await blocks(admin);
        const site = styles.findIndex((css) => css.includes('.button-primary{'));
        expect(site).toBeGreaterThanOrEqual(0);
        expect(styles.findIndex((css) => css.includes('.admin-frame'))).toBeGreaterThan(site);
      }
    },
  );

  it('the home page HTML, inline CSS included, fits in one round trip (14 KB gzipped)', async () => {
    const weight = await pageWeight('/');
    expect(weight.html).toBeLessThanOrEqual(14 * KB);
  });
});
