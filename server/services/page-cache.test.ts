import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bumpContentVersion } from '../../db/queries/blogs.ts';
import { type TestDatabase, createTestDatabase } from '../../tests/helpers/test-app.ts';
import { createBlogService } from './blog.ts';
import { type PageCache, createPageCache } from './page-cache.ts';

describe('page cache', () => {
  let database: TestDatabase;
  let cache: PageCache;
  let now: number;
  let renders: number;
  let status: number;
  let app: express.Express;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    now = Date.parse('2026-06-01T00:00:00.000Z');
    renders = 0;
    status = 200;
    cache = createPageCache({ db: database.db, area: 'blog', paths: /^\/blog/, clock: () => now });
    app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${Math.random().toString(36).slice(2)}`;
      res.setHeader('Content-Security-Policy', `script-src 'nonce-${String(res.locals.cspNonce)}'`);
      next();
    });
    app.get('/{*path}', async (req, res) => {
      const render = async () => {
        renders += 1;
        return { statusCode: status, headers: [['Content-Type', 'text/html']] as Array<[string, string]>, body: `<p>render ${renders}</p><script nonce="${String(res.locals.cspNonce)}"></script>` };
      };
      if (cache.handles(req)) await cache.serve(req, res, render);
      else res.send((await render()).body);
    });
  });
  afterEach(() => database.drop());

  it('renders a public page once and serves it from memory after that', async () => {
    const a = await request(app).get('/blog/x').expect(200);
    const b = await request(app).get('/blog/x').expect(200);
    expect(renders).toBe(1);
    expect(a.text).toContain('render 1');
    expect(b.text).toContain('render 1');
  });

  it('gives each response its own nonce back', async () => {
    const a = await request(app).get('/blog/x');
    const b = await request(app).get('/blog/x');
    expect(a.text).not.toBe(b.text);
    expect(a.text.replace(/nonce="[^"]+"/, '')).toBe(b.text.replace(/nonce="[^"]+"/, ''));
  });

  it('a write on this instance drops the pages at once', async () => {
    const blog = createBlogService({ db: database.db, onChange: () => cache.invalidate() });
    await request(app).get('/blog/x');
    await blog.createPost({ title: 'T', excerpt: 'E', author: 'A', content: '<p>c</p>', featuredImage: '', tags: '', published: true });
    expect((await request(app).get('/blog/x')).text).toContain('render 2');
  });

  it('a write on another instance shows here once the version is read again (at most a second later)', async () => {
    await request(app).get('/blog/x');
    await bumpContentVersion(database.db, 'blog');
    now += 500;
    expect((await request(app).get('/blog/x')).text).toContain('render 1');
    now += 600;
    expect((await request(app).get('/blog/x')).text).toContain('render 2');
  });

  it('pages drop when a scheduled post becomes public, with no write', async () => {
    const blog = createBlogService({ db: database.db });
    await blog.createPost(
      { title: 'Later', excerpt: 'E', author: 'A', content: '<p>c</p>', featuredImage: '', tags: '', published: true, publishedAt: new Date(now + 60_000).toISOString() },
      new Date(now),
    );
    now += 2000;
    await request(app).get('/blog');
    now += 2000;
    expect((await request(app).get('/blog')).text).toContain('render 1');
    now += 60_000;
    expect((await request(app).get('/blog')).text).toContain('render 2');
  });

  it('signed-in staff (session cookie) bypass the cache', async () => {
    await request(app).get('/blog/x');
    const staff = await request(app).get('/blog/x').set('Cookie', 'theme=dark; sid=s%3Aabc');
    expect(staff.text).toContain('render 2');
    expect((await request(app).get('/blog/x')).text).toContain('render 1');
  });

  it('does not keep error pages', async () => {
    status = 404;
    await request(app).get('/blog/missing').expect(404);
    await request(app).get('/blog/missing').expect(404);
    expect(renders).toBe(2);
  });

  it('answers 304 without a CSP header that would not match the stored body', async () => {
    const first = await request(app).get('/blog/x');
    const res = await request(app).get('/blog/x').set('If-None-Match', first.headers.etag!).expect(304);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});
