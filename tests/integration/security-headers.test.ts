import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, inlineSources } from '../helpers/csp.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { STAFF, StaffClient, staffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';

type Headers = Record<string, string | string[] | undefined>;

/** The headers every response of the site must carry in production, whatever its status or type. */
function expectHardened(headers: Headers, what: string) {
  const csp = headers['content-security-policy'];
  expect(csp, `${what}: CSP`).toBeTypeOf('string');
  expect(headers['content-security-policy-report-only'], `${what}: report-only CSP`).toBeUndefined();
  const directives = cspDirectives(csp as string);
  expect(directives['script-src'], `${what}: script-src`).toBeDefined();
  expect(directives['script-src'], `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(directives['script-src'], `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(directives['style-src'], `${what}: style-src`).toBeDefined();
  expect(directives['style-src'], `${what}: style-src`).not.toContain("'unsafe-inline'");
  expect(directives['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives['object-src'], `${what}: object-src`).toEqual(["'none'"]);

  const hsts = /max-age=(\d+)/.exec(String(headers['strict-transport-security']));
  expect(Number(hsts?.[1]), `${what}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\)/);
  expect(headers['permissions-policy'], what).toMatch(/geolocation=\(\)/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
  expect(headers['server'], `${what}: Server`).toBeUndefined();
}

/** Error bodies name no file, stack frame, framework or version. */
function expectNoLeak(body: string, what: string) {
  for (const leak of [
    /\bat \//,
    /\bat [\w.<>]+ \(/,
    /node_modules/,
    /\/work\//,
    /Express/i,
    /Node\.js/i,
    /\bv?\d+\.\d+\.\d+\b/,
    /Error:/,
    /\.tsx?\b/,
  ]) {
    expect(body, `${what} leaks ${String(leak)}`).not.toMatch(leak);
  }
}

describe('security headers in production', () => {
  const t = useTestApp(() => staffApp());

  const get = (path: string, accept = 'text/html') => request(t.app).get(path).set('Accept', accept).set('X-Forwarded-Proto', 'https');

  it.each(['/', '/services', '/about', '/privacy', '/contact', '/quote', '/blog', '/blog?q=backup', '/no-such-page', '/admin/login'])(
    'a visitor opening %s gets every security header, and a CSP naming exactly the hashes of its inline code',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(path === '/no-such-page' ? 404 : 200);
      expectHardened(res.headers, path);
      const directives = cspDirectives(String(res.headers['content-security-policy']));
      const { scripts, styles } = inlineSources(res.text);
      // The inline stylesheet is there, so the style hash is really checked; scripts may all load by src.
      expect(styles.length, `${path}: inline style blocks`).toBeGreaterThan(0);
      expect(directives['script-src']!.filter((s) => s.startsWith("'sha256-")).sort(), `${path}: script hashes`).toEqual(
        [...new Set(scripts)].sort(),
      );
      expect(directives['style-src']!.filter((s) => s.startsWith("'sha256-")).sort(), `${path}: style hashes`).toEqual(
        [...new Set(styles)].sort(),
      );
      expect(res.text, `${path}: no nonce left in the page`).not.toMatch(/\bnonce=/);
    },
  );

  it('responses that are not pages allow no inline script or style at all', async () => {
    for (const path of ['/healthz', '/api/blog/posts', '/rss.xml']) {
      const directives = cspDirectives(String((await get(path, '*/*')).headers['content-security-policy']));
      expect(directives['script-src'], path).toEqual(["'self'"]);
      expect(directives['style-src'], path).toEqual(["'self'"]);
    }
  });

  it('every response of the site, including static assets and JSON, carries the headers', async () => {
    // The contact page loads built scripts (every page's CSS is inline).
    const contact = await get('/contact');
    const asset = /(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/.exec(contact.text)?.[1];
    expect(asset, 'the contact page links a built asset').toBeDefined();
    for (const [path, accept] of [
      [asset!, '*/*'],
      ['/api/blog/posts', 'application/json'],
      ['/healthz', '*/*'],
      ['/robots.txt', '*/*'],
      ['/sitemap.xml', '*/*'],
      ['/rss.xml', '*/*'],
    ] as const) {
      const res = await get(path, accept);
      expect(res.status, path).toBe(200);
      expectHardened(res.headers, path);
    }
  });

  it('a visitor asking for a page that does not exist gets a 404 page that leaks nothing', async () => {
    const res = await get('/no-such-page');
    expect(res.status).toBe(404);
    expectHardened(res.headers, '404 page');
    expectNoLeak(res.text.replace(/<script[\s\S]*?<\/script>|<link[^>]*>/g, ''), '404 page');
  });

  it('a client calling an API that does not exist gets a JSON 404 that leaks nothing', async () => {
    const res = await get('/api/no-such-endpoint', 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectHardened(res.headers, 'JSON 404');
    expectNoLeak(res.text, 'JSON 404');
  });

  it('a client sending broken JSON or a wrong body gets a 400 that leaks nothing', async () => {
    const broken = await request(t.app).post('/functions/submitContact').set('Content-Type', 'application/json').send('{"data": {');
    expect(broken.status).toBe(400);
    expectHardened(broken.headers, 'broken JSON');
    expectNoLeak(broken.text, 'broken JSON');
    const wrong = await request(t.app)
      .post('/functions/submitQuote')
      .send({ data: { service: 42 }, extra: true });
    expect(wrong.status).toBe(400);
    expectHardened(wrong.headers, 'wrong body');
    expectNoLeak(wrong.text, 'wrong body');
  });

  it('a client sending a body over the limit gets a 413 that leaks nothing', async () => {
    const res = await request(t.app)
      .post('/functions/submitContact')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ data: { message: 'x'.repeat(70_000) } }));
    expect(res.status).toBe(413);
    expectHardened(res.headers, '413');
    expectNoLeak(res.text, '413');
  });

  it('a page asked for with a malformed URL gets a 400 that leaks nothing', async () => {
    const res = await get('/blog/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectHardened(res.headers, 'malformed URL');
    expectNoLeak(res.text.replace(/<script[\s\S]*?<\/script>|<link[^>]*>/g, ''), 'malformed URL');
  });

  it('staff signing in get a session cookie flagged HttpOnly, SameSite=Lax and Secure, and public pages set no cookie', async () => {
    const staff = new StaffClient(t.app);
    const res = await staff.req('post', '/admin/login').send({ email: STAFF.email, password: STAFF.password });
    expect(res.status).toBe(200);
    expectHardened(res.headers, 'sign-in');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const sid = cookies.find((c) => c.startsWith('__Host-sid='));
    expect(sid).toBeDefined();
    const flags = sid!.split(';').map((f) => f.trim().toLowerCase());
    expect(flags).toContain('httponly');
    expect(flags).toContain('samesite=lax');
    expect(flags).toContain('secure');
    expect(flags).toContain('path=/');
    for (const path of ['/', '/contact', '/blog']) expect((await get(path)).headers['set-cookie'], path).toBeUndefined();
  });
});

describe('error responses while the database is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.destroy();
  });
  afterAll(() => t?.close());

  it('a visitor and a client get a 5xx that carries the headers and leaks no stack, path or version', async () => {
    for (const [path, accept] of [
      ['/blog', 'text/html'],
      ['/api/blog/posts', 'application/json'],
      ['/readyz', 'application/json'],
    ] as const) {
      const res = await request(t.app).get(path).set('Accept', accept);
      expect(res.status, path).toBeGreaterThanOrEqual(500);
      expectHardened(res.headers, `${path} (database down)`);
      expectNoLeak(res.text.replace(/<script[\s\S]*?<\/script>|<link[^>]*>/g, ''), `${path} (database down)`);
    }
  });
});
