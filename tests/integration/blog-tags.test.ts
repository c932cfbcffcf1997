import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlogService, createBlogService } from '../../server/blog/blog-service.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { cardTitles, day, decode, executableScripts, postInput } from '../helpers/blog-posts.ts';
import { type TestApp, configuredEngines, countingRenderer, createTestApp } from '../helpers/test-app.ts';

/** docs/product.md#blog-tags: a tag's page is `/blog/tag/` and its lowercased tag, URL-encoded as one segment. */
const SITE = 'https://www.example.com.au';
const CLOUD = '/blog/tag/cloud%20ops';
const TAGGED = 7;

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['item', 'url', 'category'].includes(name) });

describe.each(configuredEngines())('tag pages on %s', (engine) => {
  let t: TestApp;
  let blog: BlogService;
  let renderer: Awaited<ReturnType<typeof countingRenderer>>;
  /** The public "Cloud Ops" posts, newest first. */
  let expected: string[];
  let other: BlogPost;
  let pipeline: BlogPost;

  beforeAll(async () => {
    renderer = await countingRenderer();
    t = await createTestApp({ engine, renderer });
    blog = createBlogService({ db: t.database.db });
    const created: BlogPost[] = [];
    for (let i = 1; i <= TAGGED; i += 1) {
      // The tag is written in several cases: one tag all the same. Posts 4 and 5 share a date (keyset ties).
      const tags = i % 2 ? 'Cloud Ops, Networking' : 'cloud ops';
      created.push(await blog.createPost(postInput({ title: `Cloud post ${i}`, tags, publishedAt: day(i === 5 ? 4 : i) })));
    }
    expected = created
      .sort((a, b) => (a.publishedAt === b.publishedAt ? (a.id < b.id ? 1 : -1) : a.publishedAt < b.publishedAt ? 1 : -1))
      .map((p) => p.title);
    other = await blog.createPost(postInput({ title: 'Only security', tags: 'Security', publishedAt: day(20) }));
    pipeline = await blog.createPost(postInput({ title: 'Pipelines', tags: 'CI/CD', publishedAt: day(21) }));
    await blog.createPost(postInput({ title: 'Cloud draft', tags: 'Cloud Ops, Draft Only', published: false, publishedAt: day(22) }));
    await blog.createPost(postInput({ title: 'Cloud future', tags: 'Cloud Ops, Future Only', publishedAt: '2099-01-01T00:00:00.000Z' }));
  });
  afterAll(() => t.close());

  it('lists only the public posts with the tag, newest first, five a page, with its title, canonical and feed, and no script', async () => {
    const res = await request(t.app).get(CLOUD).expect(200);
    expect(cardTitles(res.text)).toEqual(expected.slice(0, 5));
    expect(res.text).not.toMatch(/Cloud draft|Cloud future|Only security|Pipelines/);
    expect(decode(res.text)).toMatch(/<title>Posts tagged “Cloud Ops” \| [^<]+<\/title>/);
    expect(res.text).toContain('<h1>Posts tagged “Cloud Ops”</h1>');
    expect(res.text).toContain(`<link rel="canonical" href="${SITE}${CLOUD}"`);
    expect(res.text).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${CLOUD}/rss.xml"`));
    expect(executableScripts(res.text)).toEqual([]);
  });

  it('Load More is a link to the first N+1 pages, landing on the first new post, until the last page', async () => {
    const first = await request(t.app).get(CLOUD).expect(200);
    const href = decode(first.text.match(/<a class="button button-ghost-dark" href="([^"]+)" rel="next">Load More<\/a>/)?.[1] ?? '');
    expect(href).toBe(`${CLOUD}?page=2#page-2`);
    const second = await request(t.app).get(`${CLOUD}?page=2`).expect(200);
    expect(cardTitles(second.text)).toEqual(expected);
    expect(second.text).toContain('id="page-2"');
    expect(second.text).not.toContain('Load More');
    expect(second.text).toContain(`<link rel="canonical" href="${SITE}${CLOUD}?page=2"`);
    await request(t.app).get(`${CLOUD}?page=0`).expect(404);
    await request(t.app).get(`${CLOUD}?page=101`).expect(404);
  });

  it('finds a tag whatever its case, and moves other spellings of its address to the one address', async () => {
    const moved = await request(t.app).get('/blog/tag/Cloud%20OPS?page=2').expect(301);
    expect(moved.headers.location).toBe(`${CLOUD}?page=2`);
    expect((await request(t.app).get('/blog/tag/SECURITY/rss.xml').expect(301)).headers.location).toBe('/blog/tag/security/rss.xml');
    expect((await blog.listByTag('CLOUD OPS'))?.tag).toBe('Cloud Ops');
    // A slash in a tag is escaped in its one path segment.
    const ci = await request(t.app).get('/blog/tag/ci%2Fcd').expect(200);
    expect(cardTitles(ci.text)).toEqual([pipeline.title]);
    expect(cardTitles((await request(t.app).get('/blog/tag/security').expect(200)).text)).toEqual([other.title]);
  });

  it('a tag no public post carries is the not-found page, its feed too', async () => {
    for (const path of ['/blog/tag/no-such-tag', '/blog/tag/draft%20only', '/blog/tag/future%20only']) {
      const res = await request(t.app).get(path).expect(404);
      expect(res.text, path).toContain('<h1>Tag not found</h1>');
      expect(res.text).toContain('<meta name="robots" content="noindex"');
    }
    for (const path of ['/blog/tag/no-such-tag/rss.xml', '/blog/tag/draft%20only/rss.xml']) {
      const res = await request(t.app).get(path).expect(404);
      expect(res.text, path).toContain('<h1>Page not found</h1>');
    }
  });

  it("the tag feed is valid RSS 2.0 with only that tag's public posts, newest first", async () => {
    const res = await request(t.app).get(`${CLOUD}/rss.xml`).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const rss = parser.parse(res.text).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toMatch(/posts tagged “Cloud Ops”/);
    expect(rss.channel.link).toBe(`${SITE}${CLOUD}`);
    expect(rss.channel['atom:link']['@_href']).toBe(`${SITE}${CLOUD}/rss.xml`);
    const items = rss.channel.item as Array<{ title: string; category: string[] }>;
    expect(items.map((i) => i.title)).toEqual(expected);
    for (const item of items) expect(item.category.map((c) => c.toLowerCase())).toContain('cloud ops');
  });

  it('the sitemap lists each tag page that has a public post, and no other', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const urls = parser.parse(res.text).urlset.url as Array<{ loc: string; lastmod?: string }>;
    const tagLocs = urls.map((u) => u.loc).filter((loc) => loc.startsWith(`${SITE}/blog/tag/`));
    expect(tagLocs.sort()).toEqual(['ci%2Fcd', 'cloud%20ops', 'networking', 'security'].map((k) => `${SITE}/blog/tag/${k}`));
    expect(urls.find((u) => u.loc === `${SITE}/blog/tag/security`)?.lastmod).toBe(other.updatedAt);
  });

  it('a post page and the blog list cards link each tag to its page', async () => {
    const post = await request(t.app).get(`/blog/${pipeline.slug}`).expect(200);
    expect(post.text).toContain('<li class="post-tag"><a href="/blog/tag/ci%2Fcd">CI/CD</a></li>');
    const list = await request(t.app).get('/blog').expect(200);
    expect(list.text).toContain('<li class="post-tag"><a href="/blog/tag/security">Security</a></li>');
    expect(list.text).toContain('<li class="post-tag"><a href="/blog/tag/cloud%20ops">Cloud Ops</a></li>');
  });

  it('is served from the page cache, and a new post with the tag shows once the blog changes', async () => {
    const path = '/blog/tag/networking';
    const before = await request(t.app).get(path).expect(200);
    const renders = renderer.renders.get(path) ?? 0;
    const again = await request(t.app).get(path).expect(200);
    expect(again.text).toBe(before.text);
    expect(renderer.renders.get(path)).toBe(renders);
    const feed = `${path}/rss.xml`;
    await request(t.app).get(feed).expect(200);

    // Written through another service, as another instance would: the content version tells this one.
    await blog.createPost(
      postInput({ title: 'Fresh networking post', tags: 'NETWORKING', publishedAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    await expect
      .poll(async () => cardTitles((await request(t.app).get(path)).text)[0], { timeout: 5000, interval: 200 })
      .toBe('Fresh networking post');
    expect(renderer.renders.get(path)).toBe(renders + 1);
    expect((await request(t.app).get(feed).expect(200)).text).toContain('Fresh networking post');
  });
});
