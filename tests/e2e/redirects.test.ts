import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { REDIRECT_MESSAGES, REDIRECT_TEXT } from '../../shared/redirect-messages.ts';
import { createStaff } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { axeViolations, liveSite, openPage, openSettled, staffPage } from '../helpers/browser.ts';

/**
 * docs/product.md#redirects in Chromium: an Administrator reaches Redirects from the admin menu, adds one, is refused
 * in words beside the field at fault (focused, tied by aria-describedby), edits and deletes by keyboard, imports a
 * CSV with bad lines listed beside the file field; a visitor asking for the old address lands on the new one. The
 * page fits 390 and 1440 px and passes axe in both colour schemes, empty and with rows.
 */
const WIDTHS = [390, 1440] as const;
const PHONE = { width: 390, height: 844 };

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
beforeAll(async () => {
  await createStaff(site.database.db);
});

const redirectsPage = (viewport?: { width: number; height: number }) => staffPage(site, '/admin/redirects', viewport);

/** The page at `width` in each colour scheme: nothing wider than the screen, axe clean. */
async function checkLayout(page: Page, width: number, what: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    // Colours fade as the scheme switches (0.15 s): contrast is judged once they are still.
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what} at ${width} px in ${scheme}`).toBe(0);
    expect(await axeViolations(page), `${what} at ${width} px in ${scheme}`).toEqual([]);
  }
}

/** The field labelled `label`: its error's text (read through aria-describedby), and whether it has focus. */
async function fieldError(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const described = (await field.getAttribute('aria-describedby'))!.split(' ');
  const errorId = described.find((id) => id.endsWith('-error'))!;
  return {
    text: await page.locator(`[id="${errorId}"]`).textContent(),
    focused: await field.evaluate((el) => el === document.activeElement),
  };
}

/** A refusal's 400 is what Chromium logs for it; nothing else may be. */
function dropRefusals(problems: string[], path: string) {
  const rest = problems.filter((m) => !(m.includes('status of 400') && m.includes(path)));
  problems.splice(0, problems.length, ...rest);
}

describe('redirects in the admin', () => {
  it('with no redirects: "No redirects yet", fits 390 and 1440 px and passes axe in both schemes', async () => {
    await using p = await redirectsPage();
    await p.page.getByText(REDIRECT_TEXT.none).waitFor();
    for (const width of WIDTHS) await checkLayout(p.page, width, 'no redirects');
    p.assertClean();
  });

  it('opened from the admin menu: a redirect added, a loop and a site address refused beside their fields, the old address landing on the new one', async () => {
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Redirects' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/redirects`);
    await page.getByRole('heading', { level: 1, name: REDIRECT_TEXT.title }).waitFor();
    const form = page.getByRole('region', { name: REDIRECT_TEXT.adding });
    const add = form.getByRole('button', { name: REDIRECT_TEXT.add });

    await form.getByLabel(REDIRECT_TEXT.from, { exact: true }).fill('/about-us/');
    await form.getByLabel(REDIRECT_TEXT.to, { exact: true }).fill('/about');
    await add.click();
    await form
      .getByRole('status')
      .filter({ hasText: REDIRECT_MESSAGES.added('/about-us', '/about') })
      .waitFor();
    await page.getByRole('rowheader', { name: '/about-us', exact: true }).waitFor();

    // A loop: refused beside To, which takes focus; what was typed stays.
    await form.getByLabel(REDIRECT_TEXT.from, { exact: true }).fill('/team');
    await form.getByLabel(REDIRECT_TEXT.to, { exact: true }).fill('/team/');
    await add.click();
    await form.getByRole('alert').waitFor();
    await expect.poll(async () => (await fieldError(page, REDIRECT_TEXT.to)).focused).toBe(true);
    expect((await fieldError(page, REDIRECT_TEXT.to)).text).toBe(REDIRECT_MESSAGES.loopsToItself);
    await expect(form.getByLabel(REDIRECT_TEXT.from, { exact: true }).inputValue()).resolves.toBe('/team');
    expect(await axeViolations(page)).toEqual([]);

    // The site's own area: refused beside From, which takes focus now.
    await form.getByLabel(REDIRECT_TEXT.from, { exact: true }).fill('/admin/old');
    await form.getByLabel(REDIRECT_TEXT.to, { exact: true }).fill('/about');
    await add.click();
    await expect.poll(async () => (await fieldError(page, REDIRECT_TEXT.from)).focused).toBe(true);
    expect((await fieldError(page, REDIRECT_TEXT.from)).text).toBe(REDIRECT_MESSAGES.shadowsArea('/admin'));
    await expect(form.getByLabel(REDIRECT_TEXT.to, { exact: true }).getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.getByRole('row').count()).resolves.toBe(2);
    dropRefusals(p.problems, '/api/admin/redirects');
    p.assertClean();

    // A visitor (no session) asking for the old address, with a campaign tag, lands on the new one.
    await using visitor = await openPage(site.browser, PHONE);
    const landed = await visitor.page.goto(`${site.baseUrl}/about-us/?utm_source=newsletter`);
    expect(visitor.page.url()).toBe(`${site.baseUrl}/about?utm_source=newsletter`);
    expect(
      await landed!
        .request()
        .redirectedFrom()!
        .response()
        .then((r) => r?.status()),
    ).toBe(301);
    expect(landed!.status()).toBe(200);
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    visitor.assertClean();
  });

  it('by keyboard: Edit opens the redirect, Enter saves it and focus returns to its row; Delete asks, then deletes', async () => {
    await using p = await redirectsPage(PHONE);
    const { page } = p;
    await page.getByRole('button', { name: REDIRECT_TEXT.edit('/about-us'), exact: true }).focus();
    await page.keyboard.press('Enter');
    const editing = page.getByRole('heading', { name: REDIRECT_TEXT.editing('/about-us') });
    await expect.poll(() => editing.evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab to From, then To: replace it and press Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('/about');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('/services');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: REDIRECT_MESSAGES.saved('/about-us', '/services') })
      .waitFor();
    const editButton = page.getByRole('button', { name: REDIRECT_TEXT.edit('/about-us'), exact: true });
    await expect.poll(() => editButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('region', { name: REDIRECT_TEXT.adding }).waitFor();
    const answer = await fetch(`${site.baseUrl}/about-us`, { redirect: 'manual' });
    expect([answer.status, answer.headers.get('location')]).toEqual([301, '/services']);

    // Delete: the question takes focus; Tab to "Yes, delete it" and Enter.
    await page.getByRole('button', { name: REDIRECT_TEXT.delete('/about-us'), exact: true }).focus();
    await page.keyboard.press('Enter');
    const question = page.getByText(REDIRECT_TEXT.deleteQuestion('/about-us'));
    await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: REDIRECT_MESSAGES.deleted('/about-us') })
      .waitFor();
    await page.getByText(REDIRECT_TEXT.none).waitFor();
    expect((await fetch(`${site.baseUrl}/about-us`, { redirect: 'manual' })).status).toBe(404);
    p.assertClean();
  });

  it('a CSV with bad lines imports nothing and lists each line and its reason beside the file field; a good one adds its rows', async () => {
    await using p = await redirectsPage();
    const { page } = p;
    const csv = page.getByRole('region', { name: REDIRECT_TEXT.csv });
    const file = csv.getByLabel(REDIRECT_TEXT.csvFile);
    const upload = async (text: string) => {
      await file.setInputFiles({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
      await csv.getByRole('button', { name: REDIRECT_TEXT.importCsv }).click();
    };
    await upload('from,to,status\n/old-news,/blog,301\n/api/x,/about,301\n/two,/three\n');
    await csv
      .getByRole('alert')
      .filter({ hasText: REDIRECT_MESSAGES.csvRefused(2) })
      .waitFor();
    await expect.poll(() => file.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(file.getAttribute('aria-invalid')).resolves.toBe('true');
    const errorId = (await file.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'))!;
    await expect(page.locator(`[id="${errorId}"]`).getByRole('listitem').allTextContents()).resolves.toEqual([
      REDIRECT_MESSAGES.csvLine(3, `/api/x: ${REDIRECT_MESSAGES.shadowsArea('/api')}`),
      REDIRECT_MESSAGES.csvLine(4, REDIRECT_MESSAGES.csvCells),
    ]);
    await page.getByText(REDIRECT_TEXT.none).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await upload(
      'from,to,status\n/old-news,/blog,301\n/?p=42,https://archive.example.org/2019/our-very-long-post-address-from-before,302\n',
    );
    await csv
      .getByRole('status')
      .filter({ hasText: REDIRECT_MESSAGES.csvImported(2, 0) })
      .waitFor();
    await page.getByRole('rowheader', { name: '/?p=42', exact: true }).waitFor();
    await page.getByRole('rowheader', { name: '/old-news', exact: true }).waitFor();
    dropRefusals(p.problems, '/api/admin/redirects/import');
    p.assertClean();
  });

  it('with rows (a post’s old address among them, changed from the post): fits 390 and 1440 px and passes axe in both schemes', async () => {
    const blog = createBlogService({ db: site.database.db });
    const post = await blog.createPost(postInput({ title: 'Moving to the cloud', slug: 'moving-to-the-cloud' }));
    await blog.updatePost(post.id, postInput({ title: 'Moving to the cloud', slug: 'moving-to-the-cloud-in-2026' }));
    await using p = await redirectsPage();
    const { page } = p;
    const blogRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '/blog/moving-to-the-cloud', exact: true }) });
    await expect(blogRow.getByRole('cell').allTextContents()).resolves.toContain(REDIRECT_TEXT.origins.blog);
    // Read-only here, and the page says where it is changed.
    await expect(blogRow.getByRole('button').count()).resolves.toBe(0);
    await page.getByText(REDIRECT_TEXT.blogHint).waitFor();
    for (const width of WIDTHS) await checkLayout(page, width, 'with rows');
    // At 390 px the table scrolls inside its frame, by keyboard too; its rows' buttons sit side by side.
    await page.setViewportSize(PHONE);
    const edit = await page.getByRole('button', { name: REDIRECT_TEXT.edit('/old-news'), exact: true }).boundingBox();
    const remove = await page.getByRole('button', { name: REDIRECT_TEXT.delete('/old-news'), exact: true }).boundingBox();
    expect(Math.abs(edit!.y - remove!.y)).toBeLessThan(2);
    p.assertClean();
  });
});

describe('a redirect imported from CSV', () => {
  it('sends a visitor asking for its old address on to its page', async () => {
    await using p = await openPage(site.browser, PHONE);
    await openSettled(p.page, site, '/old-news');
    expect(new URL(p.page.url()).pathname).toBe('/blog');
    p.assertClean();
  });
});
