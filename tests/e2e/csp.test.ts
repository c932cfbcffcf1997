import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { SERVICES } from '../../shared/services.ts';
import { createStaff } from '../helpers/admin-client.ts';
import { day, postInput } from '../helpers/blog-posts.ts';
import { liveSite, openPage, settled, signIn } from '../helpers/browser.ts';

let slug: string;

const site = liveSite({ env: { TRUST_PROXY: '1' } });

beforeAll(async () => {
  await createStaff(site.database.db);
  const blog = createBlogService({ db: site.database.db });
  for (let i = 1; i <= 7; i += 1) slug = (await blog.createPost(postInput({ title: `Policy Notes ${i}`, publishedAt: day(i) }))).slug;
});

/** Opens a page that records every CSP violation the browser reports (besides console errors, openPage's). */
async function openWatched() {
  const p = await openPage(site.browser);
  await p.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI || 'inline'} ${e.sample}`),
    );
  });
  const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  return { ...p, violations: () => violations(p.page) };
}

const PUBLIC_PAGES = [
  '/',
  '/services',
  '/services?category=web&service=domain-management',
  '/about',
  '/privacy',
  '/contact',
  '/quote',
  `/quote?service=${SERVICES[0]!.id}`,
  '/blog',
  '/blog?q=policy',
  '/blog/{slug}',
  '/no-such-page',
  '/admin/login',
];

describe('the Content-Security-Policy in a real browser (hashes, no unsafe-inline)', () => {
  it.each(PUBLIC_PAGES)('%s loads and is styled, with no CSP violation and no console error', async (path) => {
    await using p = await openWatched();
    const response = await p.page.goto(site.baseUrl + path.replace('{slug}', slug), { waitUntil: 'networkidle' });
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(csp).toMatch(/style-src 'self' 'sha256-/);
    // The inline stylesheet applied: the skip link sits above the viewport (site.css).
    const skipLinkTop = await p.page.locator('.skip-link').evaluate((el) => el.getBoundingClientRect().top);
    expect(skipLinkTop).toBeLessThan(0);
    expect(await p.violations()).toEqual([]);
    p.assertClean();
  });

  it('the quote wizard hydrates and advances a step', async () => {
    await using p = await openWatched();
    await p.page.goto(`${site.baseUrl}/quote`, { waitUntil: 'networkidle' });
    await p.page.getByRole('radio', { name: SERVICES[0]!.name }).check();
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await expect(p.page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 2 of 3');
    expect(await p.violations()).toEqual([]);
    p.assertClean();
  });

  it('the blog list hydrates and loads more posts', async () => {
    await using p = await openWatched();
    await p.page.goto(`${site.baseUrl}/blog`, { waitUntil: 'networkidle' });
    await expect(p.page.locator('.post-list > li').count()).resolves.toBe(5);
    await p.page.getByRole('button', { name: 'Load More' }).click();
    await p.page.waitForFunction(() => document.querySelectorAll('.post-list > li').length === 7);
    expect(await p.violations()).toEqual([]);
    p.assertClean();
  });

  it('staff get the same strict policy, and the blog editor (Tiptap) runs under it', async () => {
    await using p = await openWatched();
    await p.page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
    await p.page.goto(`${site.baseUrl}/admin/login`, { waitUntil: 'networkidle' });
    await signIn(p.page);
    await p.page.waitForURL(/\/admin\/dashboard$/);
    await settled(p.page);
    const editor = await p.page.goto(`${site.baseUrl}/admin/blog-editor`, { waitUntil: 'networkidle' });
    expect(editor!.headers()['content-security-policy']).not.toMatch(/unsafe-inline/);
    await p.page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await p.page.getByRole('textbox', { name: 'Content' }).click();
    await p.page.keyboard.type('Typed under a strict policy.');
    await expect(p.page.locator('.ProseMirror').evaluate((el) => getComputedStyle(el).whiteSpace)).resolves.toMatch(
      /pre-wrap|break-spaces/,
    );
    await settled(p.page);
    const home = await p.page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    expect(home!.headers()['cache-control']).toBe('private, no-store');
    expect(await p.violations()).toEqual([]);
    p.assertClean();
  });
});
