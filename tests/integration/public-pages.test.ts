import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HOME_TEXT, SERVICES_TEXT } from '../../shared/messages.ts';
import { SERVICES } from '../../shared/services.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import { createOutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { createTestApp, productionRenderer } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const t = useTestApp(() => createTestApp());

/** Every `<script>` a page would run (JSON-LD data blocks are not scripts). */
function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/type=["']application\/(ld\+)?json["']/i.test(attrs));
}

describe('public pages', () => {
  it.each([
    ['/', HOME_TEXT.heading],
    ['/services', SERVICES_TEXT.title],
    ['/about', 'Global Mindset'],
    ['/privacy', 'Australian Privacy Principles'],
  ])('visitor opens %s and sees its content', async (path, text) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain(text);
    expect(res.text).toMatch(/<title>[^<]+<\/title>/);
    expect(res.text).toContain('<link rel="canonical" href="https://www.example.com.au');
  });

  it.each(['/', '/services', '/services?category=web&service=web-hosting', '/about', '/privacy'])(
    'content page %s ships no client JavaScript',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(executableScripts(res.text)).toEqual([]);
      expect(res.text).not.toMatch(/modulepreload|\.js["']/);
    },
  );

  it('home shows all ten service cards and the stats', async () => {
    const res = await request(t.app).get('/');
    for (const s of SERVICES) expect(res.text).toContain(`href="/services?service=${s.id}"`);
    for (const text of ['99.9%', '24/7', '2024']) expect(res.text).toContain(text);
    expect(res.text).toContain('"@type":"Organization"');
  });

  it('header Services dropdown links every service to its quote', async () => {
    const res = await request(t.app).get('/about');
    for (const s of SERVICES) expect(res.text).toContain(`href="/quote?service=${s.id}"`);
    expect(res.text).not.toContain('Dashboard');
  });

  it('services page filters by category and selects a service from the URL', async () => {
    const web = await request(t.app).get('/services?category=web');
    const tabs = [
      ...web.text.matchAll(/href="\/services\?category=web&amp;service=([a-z-]+)#service-detail"[^>]*class="service-tab"/g),
    ].map((m) => m[1]);
    expect(tabs).toEqual(['web-design', 'domain-management', 'web-hosting']);
    const hosting = await request(t.app).get('/services?service=web-hosting');
    expect(hosting.text).toMatch(/<h2 id="service-title">Web Hosting<\/h2>/);
    expect(hosting.text).toContain('href="/quote?service=web-hosting"');
    const unknown = await request(t.app).get('/services?service=nope&category=nope');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toMatch(/<h2 id="service-title">Network Security<\/h2>/);
  });

  it('footer has service links, social links, the contact email and this year', async () => {
    const res = await request(t.app).get('/');
    expect(res.text).toContain('mailto:hello@northbridge-it.com.au');
    expect(res.text).toContain('LinkedIn');
    expect(res.text).toContain(`© ${new Date().getFullYear()}`);
  });

  it('an unknown URL gets the 404 page with status 404', async () => {
    const res = await request(t.app).get('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found');
    expect(res.text).toContain('noindex');
  });

  it('favicon.ico and robots.txt are real files, not pages', async () => {
    const icon = await request(t.app).get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    const robots = await request(t.app).get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain('Sitemap: https://www.example.com.au/sitemap.xml');
  });

  it('HTML is compressed and hashed assets are cached for a year', async () => {
    const page = await request(t.app).get('/contact').set('Accept-Encoding', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    const script = page.text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await request(t.app).get(script!);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('security headers', () => {
  it('every page has a strict CSP, HSTS, no framing and a referrer policy', async () => {
    const res = await request(t.app).get('/');
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database takes a write (its probe row stored: storage check), and 503 without a database', async () => {
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'writable', outbox: 'not started', redis: 'not configured' });
    const written = await t.database.db.selectFrom('readiness_probe').select('checked_at').executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(written.checked_at)).toBeLessThan(60_000);
    const broken = await createTestApp();
    await broken.database.db.destroy();
    const res = await request(broken.app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'not ready', database: 'failing' });
  });

  it('/readyz says not ready once the outbox worker has stopped', async () => {
    const worker = createOutboxWorker({
      db: t.database.db,
      engine: t.database.engine,
      logger: createLogger(t.config),
      pollMs: 60_000,
      maxAttempts: 3,
    });
    const app = createApp({
      config: t.config,
      database: t.database,
      logger: createLogger(t.config),
      renderer: await productionRenderer(),
      outbox: worker,
    }).listener;
    worker.start();
    expect((await request(app).get('/readyz')).body).toMatchObject({ status: 'ready', outbox: 'running' });
    await worker.stop();
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'not ready', outbox: 'stopped' });
  });
});
