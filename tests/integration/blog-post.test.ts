import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDbReachable, openDb } from '../../db/database.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import { type BlogService, createBlogService } from '../../server/blog/blog-service.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { day, executableScripts, postInput } from '../helpers/blog-posts.ts';
import { jsonLd } from '../helpers/json-ld.ts';
import { type TestApp, configuredEngines, createTestApp, productionRenderer } from '../helpers/test-app.ts';

describe.each(configuredEngines())('blog post page on %s', (engine) => {
  let t: TestApp;
  let blog: BlogService;
  let post: BlogPost;
  let draft: BlogPost;
  let future: BlogPost;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    blog = createBlogService({ db: t.database.db });
    const words = Array.from({ length: 401 }, (_, i) => `word${i}`).join(' ');
    post = await blog.createPost(
      postInput({
        title: 'Backups That Work',
        excerpt: 'The 3-2-1 rule and a restore test.',
        author: "Liam O'Connor",
        tags: 'Backup, Planning',
        publishedAt: '2026-03-05T13:30:00.000Z',
        content: `<h2>Why</h2><p>${words}</p><p><a href="https://www.cyber.gov.au/">ACSC</a></p><img src=x onerror="alert(1)">`,
      }),
    );
    draft = await blog.createPost(postInput({ title: 'Draft Post', published: false }));
    future = await blog.createPost(postInput({ title: 'Future Post', publishedAt: '2099-01-01T00:00:00.000Z' }));
  });
  afterAll(() => t.close());

  it('visitor reads a post: title, author, long date in the company time zone, read time, tags, image', async () => {
    const res = await request(t.app).get(`/blog/${post.slug}`).expect(200);
    expect(res.text).toMatch(/<h1>Backups That Work<\/h1>/);
    expect(res.text).toContain('Liam O&#x27;Connor');
    // 13:30 UTC on 5 March is already 6 March in Sydney.
    expect(res.text).toContain('March 06, 2026');
    expect(res.text).toContain('3 min read');
    // Each tag links to its page (docs/product.md#blog-tags).
    expect(res.text).toMatch(
      /<li class="post-tag"><a href="\/blog\/tag\/backup">Backup<\/a><\/li><li class="post-tag"><a href="\/blog\/tag\/planning">Planning<\/a><\/li>/,
    );
    expect(res.text).toMatch(
      /<img class="post-image" src="\/images\/blog\/[^"]+" alt="A padlock over a small office network" width="1200" height="630"/,
    );
    expect(res.text).toContain('<title>Backups That Work | Northbridge IT</title>');
    expect(res.text).toContain(`<link rel="canonical" href="https://www.example.com.au/blog/${post.slug}"`);
    expect(res.text).toContain('<meta property="og:type" content="article"');
    expect(res.text).toContain('<meta name="twitter:card"');
  });

  it('the content is sanitised HTML: formatting kept, external links noopener, no event handlers', async () => {
    const res = await request(t.app).get(`/blog/${post.slug}`).expect(200);
    expect(res.text).toContain('<h2>Why</h2>');
    expect(res.text).toContain('<a href="https://www.cyber.gov.au/" rel="noopener noreferrer">ACSC</a>');
    expect(res.text).not.toMatch(/onerror/i);
  });

  it('the post page ships no script at all', async () => {
    const res = await request(t.app).get(`/blog/${post.slug}`).expect(200);
    expect(executableScripts(res.text)).toEqual([]);
    expect(res.text).not.toMatch(/modulepreload|\.js["']/);
  });

  it('search engines get BlogPosting and BreadcrumbList JSON-LD', async () => {
    const res = await request(t.app).get(`/blog/${post.slug}`).expect(200);
    const ld = jsonLd(res.text);
    const posting = ld.find((x) => x['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({
      headline: 'Backups That Work',
      datePublished: post.publishedAt,
      author: { '@type': 'Person', name: "Liam O'Connor" },
      url: `https://www.example.com.au/blog/${post.slug}`,
    });
    const crumbs = ld.find((x) => x['@type'] === 'BreadcrumbList')!;
    expect((crumbs.itemListElement as unknown[]).length).toBe(3);
  });

  it.each([
    ['a missing post', () => 'no-such-post'],
    ['a draft', () => draft.slug],
    ['a future-dated post', () => future.slug],
  ])('visitor opening %s gets 404 "Blog Post Not Found" with a link back', async (_label, slug) => {
    const res = await request(t.app).get(`/blog/${slug()}`).expect(404);
    expect(res.text).toContain('<title>Blog Post Not Found | Northbridge IT</title>');
    expect(res.text).toContain('Blog post not found');
    expect(res.text).toMatch(/<a href="\/blog"[^>]*>/);
    expect(executableScripts(res.text)).toEqual([]);
  });

  it('the post page answers 304 to If-None-Match and to If-Modified-Since', async () => {
    const first = await request(t.app).get(`/blog/${post.slug}`).expect(200);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toMatch(/public.*s-maxage=\d+/);
    const notModified = await request(t.app).get(`/blog/${post.slug}`).set('If-None-Match', first.headers.etag!).expect(304);
    expect(notModified.text).toBe('');
    await request(t.app).get(`/blog/${post.slug}`).set('If-Modified-Since', first.headers['last-modified']!).expect(304);
    await request(t.app).get(`/blog/${post.slug}`).set('If-None-Match', 'W/"other"').expect(200);
  });

  it('renaming a published post makes its old address answer 301 to the new one', async () => {
    const moving = await blog.createPost(postInput({ title: 'Before Rename', publishedAt: day(2) }));
    await blog.updatePost(moving.id, postInput({ title: 'After Rename', publishedAt: day(2) }));
    const res = await request(t.app).get('/blog/before-rename').expect(301);
    expect(res.headers.location).toMatch(/\/blog\/after-rename$/);
  });

  it('a database failure shows "Error loading blog post" with status 503', async () => {
    // The same database through a handle that is already closed: every query fails.
    const dead = openDb(t.database.url);
    expect(await isDbReachable(dead.db)).toBe(true);
    await dead.db.destroy();
    const app = createApp({
      config: t.config,
      database: dead,
      logger: createLogger(t.config),
      renderer: await productionRenderer(),
    }).listener;
    const res = await request(app).get(`/blog/${post.slug}`).expect(503);
    expect(res.text).toContain('<title>Error loading blog post | Northbridge IT</title>');
    expect(res.text).toContain('Error loading blog post');
    expect(res.text).toMatch(/<a href="\/blog"[^>]*>/);
  });
});
