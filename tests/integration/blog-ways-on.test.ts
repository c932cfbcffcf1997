import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { slugify } from '../../shared/slug.ts';
import { day, executableScripts, postInput } from '../helpers/blog-posts.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';

/** Titles linked from the "Related posts" section of a served post page, in order. */
function relatedTitles(html: string): string[] {
  const section = html.match(/<section[^>]*related-posts[\s\S]*?<\/section>/)?.[0] ?? '';
  return [...section.matchAll(/class="stretched-link"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
}

describe.each(configuredEngines())('a post and the not-found pages lead somewhere, on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const blog = createBlogService({ db: t.database.db });
    const posts: Array<[string, string, number]> = [
      ['Hub Post', 'Backup, Security, Cloud', 10],
      ['Shares Two Tags', 'backup, security', 1],
      ['Shares One Tag Newest', 'Cloud', 9],
      ['Shares One Tag Older', 'Security', 2],
      ['Shares One Tag Oldest', 'Backup', 0],
      ['Unrelated', 'Hosting', 8],
      ['No Tags', '', 7],
    ];
    for (const [title, tags, n] of posts) await blog.createPost(postInput({ title, tags, publishedAt: day(n), featuredImage: '' }));
    await blog.createPost(postInput({ title: 'Draft Sharing Tags', tags: 'Backup, Security, Cloud', published: false }));
  });
  afterAll(() => t.close());

  it('a post ends with up to three related posts, most shared tags first, and a call to action', async () => {
    const res = await request(t.app).get(`/blog/${slugify('Hub Post')}`);
    expect(res.status).toBe(200);
    expect(relatedTitles(res.text)).toEqual(['Shares Two Tags', 'Shares One Tag Newest', 'Shares One Tag Older']);
    expect(res.text).toMatch(/<h2 id="related-title">Related posts<\/h2>/);
    expect(res.text).toMatch(/class="cta-band"[\s\S]*href="\/quote"/);
    expect(executableScripts(res.text)).toEqual([]);
  });

  it('a post without tags has no related section, but still the call to action', async () => {
    const res = await request(t.app).get(`/blog/${slugify('No Tags')}`);
    expect(relatedTitles(res.text)).toEqual([]);
    expect(res.text).not.toContain('Related posts');
    expect(res.text).toContain('class="cta-band"');
  });

  it('a post without an image shows the branded artwork in the list', async () => {
    const res = await request(t.app).get('/blog');
    expect(res.text).toMatch(/<img class="post-card-image" src="\/images\/og-default\.svg"/);
  });

  it.each([
    ['a missing post', '/blog/no-such-post', MESSAGES.blogNotFoundTitle],
    ['a missing page', '/no-such-page', 'Page not found'],
  ])('%s offers a blog search and the latest posts, and says its heading once', async (_what, path, heading) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain(`<h1>${heading}</h1>`);
    const main = res.text.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';
    expect(main.toLowerCase().split(heading.toLowerCase()).length - 1).toBe(1);
    expect(res.text).toMatch(/<form role="search"[^>]*action="\/blog" method="get">/);
    const latest = res.text.match(/<nav aria-labelledby="latest-title"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect([...latest.matchAll(/<a href="\/blog\/([^"]+)">/g)].map((m) => m[1])).toEqual(
      ['Hub Post', 'Shares One Tag Newest', 'Unrelated'].map(slugify),
    );
    expect(executableScripts(res.text)).toEqual([]);
  });
});
