import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { type TestApp, countingRenderer, createTestApp } from '../helpers/test-app.ts';
import { StaffClient, staffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';

/** The raw bytes as sent (supertest would decode them). */
async function raw(
  app: TestApp['app'],
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = app.address() as AddressInfo;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ port, host: '127.0.0.1', path, headers: { 'Accept-Encoding': acceptEncoding } }, resolve).on('error', reject),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) };
}

/** The Admin menu of the header, shown to signed-in staff only (with a sign-out form carrying their CSRF token). */
const staffOnly = 'href="/admin/dashboard"';

const PUBLIC_PAGES = [
  '/',
  '/services',
  '/services?service=web-hosting',
  '/about',
  '/privacy',
  '/contact',
  '/quote',
  '/quote?service=web-hosting',
  '/blog',
  '/blog?q=backup',
];

describe('public pages from the page cache', () => {
  let renderer: Awaited<ReturnType<typeof countingRenderer>>;
  const t = useTestApp(async () => {
    renderer = await countingRenderer();
    return staffApp({ renderer });
  });
  let slug: string;

  beforeAll(async () => {
    slug = (await createBlogService({ db: t.database.db }).createPost(postInput({ title: 'Cached post about backup' }))).slug;
  });

  const renders = (url: string) => renderer.renders.get(url) ?? 0;

  it('sends brotli, gzip or plain bytes by Accept-Encoding, the same page each time, with Vary and strong ETags', async () => {
    const br = await raw(t.app, '/', 'gzip, deflate, br, zstd');
    const gz = await raw(t.app, '/', 'gzip, deflate');
    const plain = await raw(t.app, '/', 'identity');
    const none = await request(t.app).get('/').set('Accept-Encoding', '').expect(200);
    const refusesBr = await raw(t.app, '/', 'br;q=0, gzip');
    expect([br, gz, plain, refusesBr].map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(refusesBr.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-encoding']).toBeUndefined();
    const html = plain.body.toString();
    expect(html).toContain('<!DOCTYPE html>');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(gunzipSync(gz.body).toString()).toBe(html);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(gz.body.length);
    const etags = [br, gz, plain].map((r) => r.headers.etag as string);
    for (const r of [br, gz, plain]) expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Set(etags).size).toBe(3);
  });

  it('answers If-None-Match with a 304 carrying the same CSP, and a changed page with a 200', async () => {
    const first = await request(t.app).get('/contact').set('Accept-Encoding', 'gzip').expect(200);
    const again = await request(t.app)
      .get('/contact')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.text).toBe('');
    // The gzip ETag does not validate the brotli representation.
    await request(t.app)
      .get('/contact')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
  });

  it('renders each public page once, however often it is asked for', async () => {
    const urls = [...PUBLIC_PAGES, `/blog/${slug}`, '/no-such-page', '/rss.xml', '/sitemap.xml'];
    for (let round = 0; round < 5; round += 1) {
      for (const url of urls) {
        const res = await request(t.app)
          .get(url)
          .set('Accept-Encoding', round % 2 ? 'gzip' : 'br');
        expect(res.status, url).toBe(url === '/no-such-page' ? 404 : 200);
      }
    }
    for (const url of [...PUBLIC_PAGES, `/blog/${slug}`, '/no-such-page']) expect(renders(url), url).toBe(1);
  });

  // Security finding 6: every query string made an entry of its own (a render and three compressions each).
  it("campaign and made-up query parameters are served from the page's own entry and never render it again", async () => {
    const base = await request(t.app).get('/services?service=web-hosting').expect(200);
    const before = renders('/services?service=web-hosting');
    for (const query of [
      'utm_source=newsletter&utm_medium=email&utm_campaign=spring',
      'fbclid=IwAR0x',
      'gclid=Cj0K&service=web-hosting',
      'nonsense=1&another=2',
    ]) {
      const res = await request(t.app).get(`/services?service=web-hosting&${query}`).expect(200);
      expect(res.headers.etag).toBe(base.headers.etag);
    }
    expect(renders('/services?service=web-hosting')).toBe(before);
    expect([...renderer.renders.keys()].filter((url) => /utm_|fbclid|gclid|nonsense/.test(url))).toEqual([]);
    // A parameter the page reads is still a page of its own.
    const other = await request(t.app).get('/services?service=datacenter&utm_source=x').expect(200);
    expect(other.headers.etag).not.toBe(base.headers.etag);
  });

  it('HEAD gets the headers of the stored page and no body', async () => {
    const head = await request(t.app).head('/services').set('Accept-Encoding', 'gzip').expect(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
    expect(head.text ?? '').toBe('');
  });

  it.each(PUBLIC_PAGES)('%s lets a browser keep it for Back and a proxy share it briefly (not no-store)', async (path) => {
    const res = await request(t.app).get(path).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  });

  it('signed-in staff get a fresh render every time, never stored, and visitors never get their bytes', async () => {
    const staff = new StaffClient(t.app);
    expect((await staff.signIn()).status).toBe(200);
    await request(t.app).get('/about').expect(200);
    const before = renders('/about');
    for (let i = 0; i < 3; i += 1) {
      const page = await staff.req('get', '/about').expect(200);
      expect(page.text).toContain(staffOnly);
      expect(page.text).toContain(staff.csrf!);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    }
    expect(renders('/about')).toBe(before + 3);
    const visitor = await request(t.app).get('/about').expect(200);
    expect(visitor.text).not.toContain(staffOnly);
    expect(visitor.text).not.toContain(staff.csrf!);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    expect(renders('/about')).toBe(before + 3);
  });

  it('a page first asked for by staff is still rendered for visitors without their name', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    expect((await staff.req('get', '/privacy?from=staff').expect(200)).text).toContain(staffOnly);
    expect((await request(t.app).get('/privacy?from=staff').expect(200)).text).not.toContain(staffOnly);
  });

  it('a blog edit by staff shows to visitors at once, on every page that lists posts', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    expect((await request(t.app).get('/blog').expect(200)).text).not.toContain('Fresh from the editor');
    const created = await staff
      .req('post', '/api/admin/posts')
      .send(postInput({ title: 'Fresh from the editor', publishedAt: new Date(Date.now() - 60_000).toISOString() }));
    expect(created.status).toBe(201);
    expect((await request(t.app).get('/blog').expect(200)).text).toContain('Fresh from the editor');
  });
});

describe('page cache bounds and warming', () => {
  it('with PAGE_CACHE_MB=1, one-off pages are dropped to stay within it while pages read again stay', async () => {
    const renderer = await countingRenderer();
    const t = await createTestApp({ env: { PAGE_CACHE_MB: '1' }, renderer });
    try {
      for (let i = 0; i < 2; i += 1) await request(t.app).get('/').expect(200);
      // Each stored search page holds ~20 KB (gzip and brotli): 120 of them are well over 1 MB.
      for (let i = 0; i < 120; i += 1) await request(t.app).get(`/blog?q=nothing${i}`).expect(200);
      await request(t.app).get('/blog?q=nothing0').expect(200);
      expect(renderer.renders.get('/blog?q=nothing0')).toBe(2);
      await request(t.app).get('/blog?q=nothing119').expect(200);
      expect(renderer.renders.get('/blog?q=nothing119')).toBe(1);
      await request(t.app).get('/').expect(200);
      expect(renderer.renders.get('/')).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('renders the pages every visit touches right after start, so the first visitor waits for none', async () => {
    const renderer = await countingRenderer();
    const t = await createTestApp({ renderer, warmPages: true });
    try {
      const warm = ['/', '/services', '/contact', '/quote', '/blog', '/about'];
      await expect.poll(() => warm.map((url) => renderer.renders.get(url) ?? 0), { timeout: 10_000 }).toEqual(warm.map(() => 1));
      for (const url of warm) await request(t.app).get(url).expect(200);
      expect(warm.map((url) => renderer.renders.get(url))).toEqual(warm.map(() => 1));
    } finally {
      await t.close();
    }
  });
});
