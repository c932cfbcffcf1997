import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { day, postInput } from '../helpers/blog-posts.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['item', 'url', 'category'].includes(name) });

describe.each(configuredEngines())('feeds on %s', (engine) => {
  let t: TestApp;
  let posts: BlogPost[];
  let draft: BlogPost;
  let future: BlogPost;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const blog = createBlogService({ db: t.database.db });
    posts = [];
    for (let i = 1; i <= 22; i += 1) {
      posts.push(await blog.createPost(postInput({ title: `Feed <Post> & "${i}"`, publishedAt: day(i), tags: 'R&D, Ops' })));
    }
    draft = await blog.createPost(postInput({ title: 'Feed Draft', published: false }));
    future = await blog.createPost(postInput({ title: 'Feed Future', publishedAt: '2099-01-01T00:00:00.000Z' }));
  });
  afterAll(() => t.close());

  it('/rss.xml is valid RSS 2.0 with the 20 newest public posts', async () => {
    const res = await request(t.app).get('/rss.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const rss = parser.parse(res.text).rss;
    expect(rss['@_version']).toBe('2.0');
    const items = rss.channel.item as Array<Record<string, unknown>>;
    expect(items).toHaveLength(20);
    const newest = [...posts].reverse().slice(0, 20);
    expect(items.map((i) => i.title)).toEqual(newest.map((p) => p.title));
    expect(items[0]!.link).toBe(`https://www.example.com.au/blog/${newest[0]!.slug}`);
    expect(items[0]!.category).toEqual(['R&D', 'Ops']);
    expect(new Date(items[0]!.pubDate as string).toISOString()).toBe(newest[0]!.publishedAt);
    expect(res.text).not.toContain('Feed Draft');
    expect(res.text).not.toContain('Feed Future');
  });

  it('the blog names its feed, and WordPress’s and Ghost’s feed addresses move to it', async () => {
    const blog = await request(t.app).get('/blog').expect(200);
    expect(blog.text).toMatch(/<a href="\/rss.xml">RSS feed<\/a>/);
    for (const old of ['/feed', '/feed/', '/rss', '/rss/']) {
      const res = await request(t.app).get(old).expect(301);
      expect(res.headers.location).toBe('/rss.xml');
    }
  });

  it('/sitemap.xml is valid and lists every public page and public post with lastmod', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const urls = parser.parse(res.text).urlset.url as Array<{ loc: string; lastmod?: string }>;
    const locs = urls.map((u) => u.loc);
    for (const path of ['/', '/services', '/about', '/contact', '/quote', '/blog', '/privacy']) {
      expect(locs).toContain(new URL(path, 'https://www.example.com.au').href);
    }
    for (const post of posts) {
      const entry = urls.find((u) => u.loc === `https://www.example.com.au/blog/${post.slug}`);
      expect(entry?.lastmod).toBe(post.updatedAt);
    }
    expect(locs).not.toContain(`https://www.example.com.au/blog/${draft.slug}`);
    expect(locs).not.toContain(`https://www.example.com.au/blog/${future.slug}`);
    // And the page of each tag a public post carries (docs/product.md#blog-tags): "R&D" and "Ops".
    expect(locs).toContain('https://www.example.com.au/blog/tag/r%26d');
    expect(locs).toContain('https://www.example.com.au/blog/tag/ops');
    expect(urls).toHaveLength(7 + posts.length + 2);
  });

  it('robots.txt points crawlers at the sitemap and keeps them out of the admin', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain('Disallow: /admin');
    expect(res.text).toContain('Sitemap: https://www.example.com.au/sitemap.xml');
  });
});
