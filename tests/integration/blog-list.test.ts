import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogListPage } from '../../shared/blog.ts';
import { type BlogService, createBlogService } from '../../server/blog/blog-service.ts';
import { cardTitles, day, decode, postInput } from '../helpers/blog-posts.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';

/** Titles in the order the list must show them: publishedAt newest first, then id (Post 06 and 07 share a date). */
const PUBLIC_COUNT = 12;
const UNIQUE_WORD = 'wombatfirmware';

describe.each(configuredEngines())('blog list on %s', (engine) => {
  let t: TestApp;
  let blog: BlogService;
  let expected: string[];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    blog = createBlogService({ db: t.database.db });
    const created = [];
    for (let i = 1; i <= PUBLIC_COUNT; i += 1) {
      const n = String(i).padStart(2, '0');
      created.push(
        await blog.createPost(
          postInput({
            title: `Post ${n}`,
            // Posts 6 and 7 share a publishedAt: the cursor must still neither skip nor repeat one.
            publishedAt: day(i === 7 ? 6 : i),
            // Only the oldest post says the unique word, and only in its content.
            content: i === 1 ? `<p>Updating <strong>${UNIQUE_WORD}</strong> safely.</p>` : '<p>Ordinary words.</p>',
          }),
        ),
      );
    }
    expected = created
      .sort((a, b) => (a.publishedAt === b.publishedAt ? (a.id < b.id ? 1 : -1) : a.publishedAt < b.publishedAt ? 1 : -1))
      .map((p) => p.title);
    await blog.createPost(postInput({ title: 'Hidden Draft', published: false, publishedAt: day(20) }));
    await blog.createPost(postInput({ title: 'Hidden Future', publishedAt: '2099-01-01T00:00:00.000Z' }));
  });
  afterAll(() => t.close());

  async function api(query: string): Promise<BlogListPage> {
    const res = await request(t.app).get(`/api/blog/posts?${query}`).expect(200);
    return res.body as BlogListPage;
  }

  it('visitor sees the 5 newest public posts, newest first, with date, read time, author and tags', async () => {
    const res = await request(t.app).get('/blog').expect(200);
    expect(cardTitles(res.text)).toEqual(expected.slice(0, 5));
    expect(res.text).toContain('Jan 13, 2026');
    expect(res.text).toContain('1 min read');
    expect(res.text).toContain('Priya Raman');
    expect(res.text).toMatch(/<li class="post-tag"><a href="\/blog\/tag\/security">Security<\/a><\/li>/);
    // Each card's image has the post's alt text for it (docs/product.md#blog-list).
    expect(res.text).toMatch(
      /<img class="post-card-image" src="\/images\/blog\/[^"]+" alt="A padlock over a small office network" width="1200" height="630"/,
    );
  });

  it('Load More pages through all 12 posts by cursor with no duplicate and no gap', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: BlogListPage = await api(cursor ? `cursor=${encodeURIComponent(cursor)}` : '');
      expect(page.posts.length).toBeLessThanOrEqual(5);
      seen.push(...page.posts.map((p) => p.title));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
  });

  it('without JavaScript, visitor follows Load More links (?page=N shows the first N pages) to the end', async () => {
    let href: string | undefined = '/blog';
    let pageNumber = 1;
    let titles: string[] = [];
    while (href) {
      const res: request.Response = await request(t.app).get(href).expect(200);
      titles = cardTitles(res.text);
      // Page N is the list after N-1 Load More: every post so far, so Back from a post returns to it whole.
      expect(titles).toEqual(expected.slice(0, Math.min(5 * pageNumber, PUBLIC_COUNT)));
      href = res.text.match(/<a class="button button-ghost-dark" href="([^"]+)" rel="next">Load More<\/a>/)?.[1];
      if (href) {
        href = decode(href);
        pageNumber += 1;
        // The link lands on the first new post.
        expect(href).toBe(`/blog?page=${pageNumber}#page-${pageNumber}`);
        expect(res.text).not.toContain(`id="page-${pageNumber}"`);
        href = href.replace(/#.*$/, '');
      }
    }
    expect(pageNumber).toBe(3);
    expect(titles).toEqual(expected);
    expect((await request(t.app).get('/blog?page=3').expect(200)).text).toContain('id="page-3"');
  });

  it('drafts and future-dated posts never appear in the list or search', async () => {
    const all = (await api('q=hidden')).posts.map((p) => p.title);
    expect(all).toEqual([]);
    const res = await request(t.app).get('/blog?q=Hidden').expect(200);
    expect(res.text).toContain('No blog posts found.');
  });

  it('visitor searches for a word that only appears in the content of the oldest post', async () => {
    expect((await api(`q=${UNIQUE_WORD.toUpperCase()}`)).posts.map((p) => p.title)).toEqual(['Post 01']);
    const res = await request(t.app).get(`/blog?q=${UNIQUE_WORD}`).expect(200);
    expect(cardTitles(res.text)).toEqual(['Post 01']);
    expect(res.text).toContain(`value="${UNIQUE_WORD}"`);
  });

  it('a search answers with every match up to 20, newest first, and no Load More (the product spec, docs/product.md#blog-list)', async () => {
    const found = await api('q=post');
    expect(found.posts.map((p) => p.title)).toEqual(expected);
    expect(found.nextCursor).toBeNull();
    const res = await request(t.app).get('/blog?q=post').expect(200);
    expect(cardTitles(res.text)).toEqual(expected);
    expect(res.text).not.toContain('Load More');
  });

  it('a search that matches nothing says "No blog posts found."', async () => {
    const res = await request(t.app).get('/blog?q=nothing-matches-this').expect(200);
    expect(res.text).toContain('No blog posts found.');
    expect(cardTitles(res.text)).toEqual([]);
  });

  it('a page link that is not a cursor is refused', async () => {
    const res = await request(t.app).get('/api/blog/posts?cursor=bogus').expect(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    for (const page of ['0', '101', 'two', '1.5', '-1']) expect((await request(t.app).get(`/blog?page=${page}`)).status).toBe(404);
  });

  it('the list answers 304 to a conditional request and carries CDN-friendly caching', async () => {
    const first = await request(t.app).get('/blog').expect(200);
    expect(first.headers['cache-control']).toMatch(/public/);
    expect(first.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(first.headers['last-modified']).toBeTruthy();
    await request(t.app).get('/blog').set('If-None-Match', first.headers.etag!).expect(304);
    await request(t.app).get('/blog').set('If-Modified-Since', first.headers['last-modified']!).expect(304);
  });

  it('the hydrated list is sent from the cache with the same CSP and bytes every time, and no nonce', async () => {
    const a = await request(t.app).get('/blog').set('Accept-Encoding', 'identity').expect(200);
    const b = await request(t.app).get('/blog').set('Accept-Encoding', 'identity').expect(200);
    expect(a.text).toMatch(/<script\b[^>]*\bsrc="\/assets\//);
    expect(a.text).not.toMatch(/\bnonce=/);
    expect(b.text).toBe(a.text);
    expect(b.headers['content-security-policy']).toBe(a.headers['content-security-policy']);
  });

  it('a signed-in visitor (session cookie) is never served or stored as the shared copy', async () => {
    const res = await request(t.app).get('/blog').set('Cookie', 'sid=s%3Aanything').expect(200);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe.each(configuredEngines())('blog search matches special characters literally on %s', (engine) => {
  let t: TestApp;
  const titles = {
    percent: 'Save 50% on hosting',
    fifty: 'Save 50x on hosting',
    underscore: 'Naming snake_case hosts',
    noUnderscore: 'Naming snakeXcase hosts',
    quotes: `O'Brien's "quoted" advice`,
    backslash: 'Paths like C:\\temp on Windows',
    noBackslash: 'Paths like C:temp on Windows',
    emoji: 'Launch day 🚀 checklist',
  };
  beforeAll(async () => {
    t = await createTestApp({ engine });
    const blog = createBlogService({ db: t.database.db });
    for (const [i, title] of Object.values(titles).entries()) {
      await blog.createPost(postInput({ title, excerpt: 'Plain excerpt.', content: '<p>Plain words.</p>', publishedAt: day(i) }));
    }
  });
  afterAll(() => t.close());

  async function search(q: string): Promise<string[]> {
    const res = await request(t.app).get('/api/blog/posts').query({ q }).expect(200);
    return (res.body as BlogListPage).posts.map((p) => p.title).sort();
  }

  it.each([
    ['50%', [titles.percent]],
    ['%', [titles.percent]],
    ['_', [titles.underscore]],
    ['snake_case', [titles.underscore]],
    ["o'brien", [titles.quotes]],
    ['"quoted"', [titles.quotes]],
    ['c:\\temp', [titles.backslash]],
    ['\\', [titles.backslash]],
    ['🚀', [titles.emoji]],
    ['day 🚀 check', [titles.emoji]],
  ])('visitor searching %j finds exactly the post containing it', async (q, found) => {
    expect(await search(q)).toEqual([...found].sort());
  });

  it('search is case-insensitive', async () => {
    expect(await search('SNAKE_CASE')).toEqual([titles.underscore]);
  });

  it('the same literal search works from the no-JavaScript form', async () => {
    const res = await request(t.app).get('/blog').query({ q: '50%' }).expect(200);
    expect(cardTitles(res.text)).toEqual([titles.percent]);
  });
});
