import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../server/blog/demo-content.ts';
import { BLOG_TEXT } from '../../shared/messages.ts';
import { PREVIEW_TEXT } from '../../shared/previews.ts';
import { STAFF, createStaff } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, staffPage } from '../helpers/browser.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Screenshots for a person to look at (a temporary folder unless PREVIEW_SCREENSHOTS names one). */
const SHOTS = process.env.PREVIEW_SCREENSHOTS ?? join(tmpdir(), 'preview-screenshots');

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  await createStaff(site.database.db);
  // Public posts to be related to: the demo posts tagged Security among them.
  await seedDemoContent(site.database.db);
});

/** Writes a draft tagged Security in the editor and saves it; the editor stays open on it. */
async function writeDraft(page: Page, title: string) {
  await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel('Excerpt').fill(`All about ${title}.`);
  await page.getByLabel('Tags').fill('Security');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Patch the firewall first, then the servers.');
  await page.getByRole('button', { name: 'Save post' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved as a draft' }).waitFor();
}

/** The public site's frame, the post's page as visitors get it, and the preview's banner naming `version`. */
async function expectPreviewOf(page: Page, title: string, banner: RegExp) {
  await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).waitFor();
  await page.getByRole('contentinfo').waitFor();
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
  await page.getByText('Patch the firewall first, then the servers.').waitFor();
  const related = page.getByRole('region', { name: BLOG_TEXT.related });
  await expect(related.locator('.post-card').count()).resolves.toBeGreaterThan(0);
  await page.getByRole('heading', { name: BLOG_TEXT.cta.title }).waitFor();
  const about = page.getByRole('region', { name: PREVIEW_TEXT.banner });
  await expect(about.textContent()).resolves.toMatch(banner);
}

describe('a post’s preview', () => {
  it('Preview shows the post in the site’s layout (header, footer, related posts, call to action) under a banner naming the version; axe is clean at 390 and 1440 px', async () => {
    await using p = await staffPage(site, '/admin/blog-editor');
    const { page } = p;
    await writeDraft(page, 'Patching Order Matters');
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    await page.waitForURL(/\/admin\/preview\/[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    await expectPreviewOf(
      page,
      'Patching Order Matters',
      new RegExp(
        `It shows the version saved \\d{1,2} \\w{3} \\d{4}, \\d{1,2}:\\d{2} [ap]m by ${STAFF.name}\\. This is a draft: only staff can see it\\.`,
      ),
    );
    // Staff go back to the editor from the banner; the signed-in header keeps its Admin menu.
    await expect(page.getByRole('link', { name: 'Edit this post' }).getAttribute('href')).resolves.toMatch(/^\/admin\/blog-editor\//);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect({ width: viewport.width, violations: await axeViolations(page) }).toEqual({ width: viewport.width, violations: [] });
      await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
      await page.screenshot({ path: join(SHOTS, `staff-preview-${viewport.width}.png`), fullPage: true });
    }
    p.assertClean();
  });

  it('a share link opens signed out (noindex, works, no admin), until it is turned off; axe is clean on it at 390 and 1440 px', async () => {
    await using p = await staffPage(site, '/admin/blog-editor');
    const { page } = p;
    await writeDraft(page, 'Shared Before Publishing');
    const share = page.getByRole('region', { name: PREVIEW_TEXT.share });
    await share.getByRole('button', { name: PREVIEW_TEXT.create }).click();
    await share.getByText(PREVIEW_TEXT.created).waitFor();
    const url = (await share.locator('.share-url code').textContent())!;
    expect(url).toMatch(/\/preview\?token=[\w-]{43}$/);
    await expect(share.getByRole('listitem').count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Someone without an account, in a browser of their own.
    const address = new URL(url);
    const opened = `${site.baseUrl}${address.pathname}${address.search}`;
    for (const viewport of [PHONE, DESKTOP]) {
      await using visitor = await openPage(site.browser, viewport);
      const res = await visitor.page.goto(opened, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(visitor.page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
      await expectPreviewOf(
        visitor.page,
        'Shared Before Publishing',
        new RegExp(
          `${PREVIEW_TEXT.sharedIntro} It shows the version saved .+ by ${STAFF.name}\\. ${PREVIEW_TEXT.sharedStatus.Draft} This link works until `,
        ),
      );
      await expect(visitor.page.locator('a[href^="/admin"]').count()).resolves.toBe(0);
      expect({ width: viewport.width, violations: await axeViolations(visitor.page) }).toEqual({ width: viewport.width, violations: [] });
      await expect(visitor.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
      await visitor.page.screenshot({ path: join(SHOTS, `shared-preview-${viewport.width}.png`), fullPage: true });
      // The link opens nothing of the admin: the editor still asks to sign in.
      await visitor.page.goto(`${site.baseUrl}/admin/blog`);
      expect(visitor.page.url()).toMatch(/\/admin\/login\?next=/);
      visitor.assertClean();
    }

    await share.getByRole('button', { name: /^Turn off the link: Made / }).click();
    await share.getByText(PREVIEW_TEXT.revoked).waitFor();
    await share.getByText(PREVIEW_TEXT.none).waitFor();
    await using later = await openPage(site.browser, DESKTOP);
    const res = await later.page.goto(opened);
    expect(res?.status()).toBe(404);
    await expect(later.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(PREVIEW_TEXT.unavailableTitle);
    await expect(later.page.getByText('Shared Before Publishing').count()).resolves.toBe(0);
    p.assertClean();
  });
});
