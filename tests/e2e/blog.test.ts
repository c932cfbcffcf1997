import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { VIEWPORTS, axeViolations, liveSite, openPage } from '../helpers/browser.ts';
import { day, postInput } from '../helpers/blog-posts.ts';

let oldest: BlogPost;
let newest: BlogPost;
const UNIQUE_WORD = 'platypusrouter';

const site = liveSite();

beforeAll(async () => {
  const blog = createBlogService({ db: site.database.db });
  for (let i = 1; i <= 12; i += 1) {
    const post = await blog.createPost(
      postInput({
        title: `Field Notes ${String(i).padStart(2, '0')}`,
        publishedAt: day(i),
        content: i === 1 ? `<h2>Lesson</h2><p>Our ${UNIQUE_WORD} story.</p>` : '<h2>Lesson</h2><p>Ordinary words.</p>',
      }),
    );
    if (i === 1) oldest = post;
    newest = post;
  }
});

describe('blog list', () => {
  it('names its RSS feed, and WordPress’s feed address leads there too', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/blog`);
    const [feed] = await Promise.all([
      p.page.waitForResponse(`${site.baseUrl}/rss.xml`),
      p.page.getByRole('link', { name: 'RSS feed' }).click(),
    ]);
    expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml/);
    const moved = await p.page.goto(`${site.baseUrl}/feed/`);
    expect(moved!.url()).toBe(`${site.baseUrl}/rss.xml`);
    expect(moved!.request().redirectedFrom()!.url()).toBe(`${site.baseUrl}/feed/`);
  });

  it('visitor presses Load More until it disappears and sees all 12 posts once each', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/blog`);
    const cards = p.page.locator('.post-list > li');
    await expect(cards.count()).resolves.toBe(5);
    const loadMore = p.page.getByRole('button', { name: 'Load More' });
    await loadMore.click();
    await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 10);
    // Focus moves to the first new post so keyboard users continue where the list grew.
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.textContent)).toBe('Field Notes 07');
    await loadMore.click();
    await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 12);
    await expect(loadMore.count()).resolves.toBe(0);
    await expect(p.page.getByRole('status').textContent()).resolves.toBe('2 more posts loaded.');
    const titles = await p.page.locator('.post-card-title').allTextContents();
    expect(titles).toEqual(Array.from({ length: 12 }, (_, i) => `Field Notes ${String(12 - i).padStart(2, '0')}`));
    p.assertClean();
  });

  it('visitor types a word only found in a post on page 3 and the list filters as they type', async () => {
    await using p = await openPage(site.browser);
    const searches: string[] = [];
    p.page.on('request', (req) => {
      if (req.url().includes('/api/blog/posts')) searches.push(new URL(req.url()).searchParams.get('q') ?? '');
    });
    await p.page.goto(`${site.baseUrl}/blog`);
    await p.page.getByLabel('Search the blog').pressSequentially(UNIQUE_WORD.toUpperCase(), { delay: 20 });
    // The answer to the whole word, whatever earlier pauses in typing searched for on the way.
    await p.page.waitForURL((url) => url.searchParams.get('q') === UNIQUE_WORD.toUpperCase());
    await expect(p.page.locator('.post-card-title').allTextContents()).resolves.toEqual([oldest.title]);
    await expect(p.page.getByRole('button', { name: 'Load More' }).count()).resolves.toBe(0);
    await expect(p.page.getByRole('status').textContent()).resolves.toBe(`1 post matches “${UNIQUE_WORD.toUpperCase()}”.`);
    // Debounced: fewer requests than keys pressed (one per pause in typing).
    expect(searches.length).toBeLessThan(UNIQUE_WORD.length);

    await p.page.getByLabel('Search the blog').fill('nothing like this anywhere');
    await p.page.getByText('No blog posts found.', { exact: true }).first().waitFor();
    await expect(p.page.locator('.post-list').count()).resolves.toBe(0);
    await expect(p.page.getByRole('status').textContent()).resolves.toBe('No blog posts found.');

    await p.page.getByLabel('Search the blog').fill('');
    await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 5);
    expect(new URL(p.page.url()).search).toBe('');
    await expect(p.page.getByRole('button', { name: 'Load More' }).count()).resolves.toBe(1);
    p.assertClean();
  });

  it('a slow answer to an older search never replaces the newer one', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/blog`);
    // The server answers the search for "field" last: after the one for the unique word typed next.
    let olderAnswered = () => {};
    const older = new Promise<void>((resolve) => (olderAnswered = resolve));
    await p.page.route('**/api/blog/posts?q=field', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response }).catch(() => {});
      olderAnswered();
    });
    const box = p.page.getByLabel('Search the blog');
    await box.fill('field');
    await p.page.waitForRequest('**/api/blog/posts?q=field');
    await box.fill(UNIQUE_WORD);
    await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 1);
    // Once the older answer has been given (or refused, its request being cancelled), the newer results stay.
    await older;
    await expect(p.page.locator('.post-card-title').allTextContents()).resolves.toEqual([oldest.title]);
    expect(new URL(p.page.url()).searchParams.get('q')).toBe(UNIQUE_WORD);
    // The older request was cancelled by the newer search; nothing else went wrong.
    expect(p.problems).toEqual([expect.stringMatching(/^request failed: .*\/api\/blog\/posts\?q=field net::ERR_ABORTED/)]);
  });

  it('a visitor presses Enter in the search box and gets the results at once', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/blog`);
    await p.page.getByLabel('Search the blog').fill(UNIQUE_WORD);
    await p.page.getByLabel('Search the blog').press('Enter');
    await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 1);
    expect(new URL(p.page.url()).pathname).toBe('/blog');
    p.assertClean();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s width, after Load More a reader opens a post, presses Back, and is where they were',
    async (_name, viewport) => {
      await using p = await openPage(site.browser, viewport);
      await p.page.goto(`${site.baseUrl}/blog`);
      await p.page.getByRole('button', { name: 'Load More' }).click();
      await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 10);
      expect(new URL(p.page.url()).search).toBe('?page=2');
      const target = p.page.locator('.post-list > li').nth(8);
      await target.scrollIntoViewIfNeeded();
      const title = await target.locator('.post-card-title').textContent();
      const scrolled = await p.page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      await target.getByRole('link', { name: title! }).click();
      await p.page.waitForURL(/\/blog\/field-notes-/);
      await p.page.goBack();
      await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 10);
      await p.page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, scrolled);
      await expect(p.page.locator('.post-card-title').allTextContents()).resolves.toEqual(
        Array.from({ length: 10 }, (_, i) => `Field Notes ${String(12 - i).padStart(2, '0')}`),
      );
      p.assertClean();
    },
  );

  it('without JavaScript, visitor searches and pages through links, landing on the new posts', async () => {
    await using context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/blog`);
    await page.getByLabel('Search the blog').fill(UNIQUE_WORD);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=/);
    await expect(page.locator('.post-card-title').allTextContents()).resolves.toEqual([oldest.title]);
    await page.goto(`${site.baseUrl}/blog`);
    await page.getByRole('link', { name: 'Load More' }).click();
    await page.waitForURL(/\?page=2#page-2$/);
    await expect(page.locator('.post-card-title').count()).resolves.toBe(10);
    await expect(page.locator('#page-2 .post-card-title').textContent()).resolves.toBe('Field Notes 07');
  });
});

describe('blog post page', () => {
  it('loads no script at all', async () => {
    await using p = await openPage(site.browser);
    const scripts: string[] = [];
    p.page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await p.page.goto(`${site.baseUrl}/blog/${newest.slug}`);
    await expect(p.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(newest.title);
    const executable = await p.page.evaluate(() => [...document.scripts].filter((s) => s.type !== 'application/ld+json').length);
    expect(executable).toBe(0);
    expect(scripts).toEqual([]);
    p.assertClean();
  });
});

describe.each(Object.entries(VIEWPORTS))('blog pages at %s width', (_name, viewport) => {
  it.each(['/blog', '/blog/field-notes-12'])('%s fits the screen with no broken image', async (path) => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(site.baseUrl + path);
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Lazy images load once scrolled into view.
    for (const img of await p.page.locator('img').all()) await img.scrollIntoViewIfNeeded();
    await p.page.waitForLoadState('networkidle');
    const broken = await p.page.evaluate(() =>
      [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
    p.assertClean();
  });
});

describe('blog accessibility', () => {
  it.each(['/blog', '/blog?q=field', '/blog/field-notes-12', '/blog/no-such-post'])(
    'axe finds no WCAG 2.2 AA violation on %s',
    async (path) => {
      await using p = await openPage(site.browser);
      await p.page.goto(site.baseUrl + path);
      await p.page.waitForLoadState('networkidle');
      expect(await axeViolations(p.page)).toEqual([]);
    },
  );

  it('the 404 page names the missing post and links back to the blog', async () => {
    await using p = await openPage(site.browser);
    const res = await p.page.goto(`${site.baseUrl}/blog/no-such-post`);
    expect(res?.status()).toBe(404);
    await expect(p.page.title()).resolves.toBe('Blog Post Not Found | Northbridge IT');
    await p.page.getByText('Blog post not found').first().waitFor();
    await expect(p.page.getByRole('link', { name: 'Back to the blog' }).getAttribute('href')).resolves.toBe('/blog');
    p.assertClean();
  });
});
