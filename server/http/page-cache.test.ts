import { randomBytes } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bumpContentVersion } from '../../db/queries/blogs.ts';
import { type TestDatabase, createTestDatabase } from '../../tests/helpers/test-app.ts';
import { createBlogService } from '../blog/blog-service.ts';
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
    app.use(cache.sendStored);
    app.get('/{*path}', async (req, res) => {
      const render = async () => {
        renders += 1;
        return {
          statusCode: status,
          headers: [['Content-Type', 'text/html']] as Array<[string, string]>,
          body: `<p>render ${renders}</p>`,
        };
      };
      if (cache.handles(req)) await cache.serve(req, res, render);
      else res.send((await render()).body);
    });
  });
  afterEach(() => database.drop());

  const get = (path: string) => request(app).get(path).set('Accept-Encoding', 'identity');

  it('renders a public page once and serves it from memory after that', async () => {
    const a = await get('/blog/x').expect(200);
    const b = await get('/blog/x').expect(200);
    expect(renders).toBe(1);
    expect(a.text).toBe('<p>render 1</p>');
    expect(b.text).toBe('<p>render 1</p>');
  });

  it('renders once however many visitors ask at the same moment', async () => {
    const pages = await Promise.all(Array.from({ length: 20 }, () => get('/blog/x')));
    expect(pages.map((p) => p.text)).toEqual(Array(20).fill('<p>render 1</p>'));
    expect(renders).toBe(1);
  });

  it('a write on this instance drops the pages at once', async () => {
    const blog = createBlogService({ db: database.db, onChange: () => cache.invalidate() });
    await get('/blog/x');
    await blog.createPost({ title: 'T', excerpt: 'E', author: 'A', content: '<p>c</p>', featuredImage: '', tags: '', published: true });
    expect((await get('/blog/x')).text).toContain('render 2');
  });

  it('a write on another instance shows here once the version is read again (at most a second later)', async () => {
    await get('/blog/x');
    await bumpContentVersion(database.db, 'blog');
    now += 500;
    expect((await get('/blog/x')).text).toContain('render 1');
    now += 600;
    expect((await get('/blog/x')).text).toContain('render 2');
  });

  it('pages drop when a scheduled post becomes public, with no write', async () => {
    const blog = createBlogService({ db: database.db });
    await blog.createPost(
      {
        title: 'Later',
        excerpt: 'E',
        author: 'A',
        content: '<p>c</p>',
        featuredImage: '',
        tags: '',
        published: true,
        publishedAt: new Date(now + 60_000).toISOString(),
      },
      { now: new Date(now) },
    );
    now += 2000;
    await get('/blog');
    now += 2000;
    expect((await get('/blog')).text).toContain('render 1');
    now += 60_000;
    expect((await get('/blog')).text).toContain('render 2');
  });

  it('pages are rendered again after an hour even when nothing changed (the footer shows the year)', async () => {
    await get('/blog');
    now += 59 * 60_000;
    expect((await get('/blog')).text).toContain('render 1');
    now += 2 * 60_000;
    expect((await get('/blog')).text).toContain('render 2');
  });

  it('signed-in staff (session cookie) bypass the cache, and what they were shown is never stored', async () => {
    const staff = await get('/blog/x').set('Cookie', 'theme=dark; sid=s%3Aabc');
    expect(staff.text).toContain('render 1');
    expect((await get('/blog/x')).text).toContain('render 2');
    expect((await get('/blog/x').set('Cookie', 'sid=s%3Aabc')).text).toContain('render 3');
    expect((await get('/blog/x')).text).toContain('render 2');
  });

  it('keeps 404 pages but renders server errors every time', async () => {
    status = 404;
    await get('/blog/missing').expect(404);
    await get('/blog/missing').expect(404);
    expect(renders).toBe(1);
    status = 503;
    await get('/blog/down').expect(503);
    await get('/blog/down').expect(503);
    expect(renders).toBe(3);
  });

  it('warms pages ahead of the first visitor and again after each change', async () => {
    const blog = createBlogService({ db: database.db, onChange: () => cache.invalidate() });
    let warmRenders = 0;
    const produce = async () => ({ statusCode: 200, headers: [] as Array<[string, string]>, body: `warm ${++warmRenders}` });
    await cache.warm([{ url: '/blog', produce }]);
    expect((await get('/blog')).text).toBe('warm 1');
    expect(renders).toBe(0);
    await blog.createPost({ title: 'T', excerpt: 'E', author: 'A', content: '<p>c</p>', featuredImage: '', tags: '', published: true });
    await expect.poll(() => warmRenders).toBe(2);
    expect((await get('/blog')).text).toBe('warm 2');
    expect(renders).toBe(0);
  });

  it('stays within its byte bound', async () => {
    const small = createPageCache({ db: database.db, area: 'blog', paths: /^\//, maxBytes: 64 * 1024, clock: () => now });
    const big = express();
    big.get('/{*path}', (req, res) =>
      // Random text: it does not compress away (the cache keeps the compressed bodies).
      small.serve(req, res, async () => ({ statusCode: 200, headers: [], body: `${req.path} ${randomBytes(6000).toString('base64')}` })),
    );
    for (let i = 0; i < 100; i += 1) await request(big).get(`/page-${i}`).expect(200);
    const { entries, bytes } = small.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(1);
    expect(entries).toBeLessThan(100);
  });
});
