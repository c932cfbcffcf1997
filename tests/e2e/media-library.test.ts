import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/core/logger.ts';
import { startRetentionJob } from '../../server/privacy/retention.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { MEDIA_TEXT } from '../../shared/media.ts';
import { createStaff } from '../helpers/admin-client.ts';
import { makeImage } from '../helpers/images.ts';
import { axeViolations, liveSite, openEditor, openPage, openSettled, staffPage } from '../helpers/browser.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const DAY = 24 * 60 * 60 * 1000;

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
beforeAll(async () => {
  await createStaff(site.database.db);
});

/** Storage check: whether the database holds an upload of this file name. */
async function stored(fileName: string): Promise<boolean> {
  return (await site.database.db.selectFrom('images').select('id').where('file_name', '=', fileName).executeTakeFirst()) !== undefined;
}

/**
 * Drops files on the Media page's upload zone as a person dragging them from their desktop would: a `drop` event
 * carrying the files. Returns whether a progress bar was shown for each (a MutationObserver watches for them).
 */
async function dropFiles(page: Page, files: Array<{ name: string; bytes: Buffer }>): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('.upload-zone progress')) {
        const label = bar.getAttribute('aria-label') ?? '';
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  const transfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const { name, base64 } of list) {
        data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
      }
      return data;
    },
    files.map(({ name, bytes }) => ({ name, base64: bytes.toString('base64') })),
  );
  await page.locator('.upload-zone').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.locator('.upload-zone').dispatchEvent('drop', { dataTransfer: transfer });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

const card = (page: Page, fileName: string) => page.getByRole('article', { name: fileName });

describe('the media library in a browser', () => {
  it('two images dropped on it upload with progress; alt text is set; one is put in a post, where "Used in" shows it and its deletion is refused; the unused one is deleted', async () => {
    await using p = await staffPage(site, '/admin/media', DESKTOP);
    const { page } = p;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Media');
    await expect(page.getByRole('link', { name: 'Media' }).getAttribute('aria-current')).resolves.toBe('page');

    const progress = await dropFiles(page, [
      { name: 'server-rack.png', bytes: await makeImage(1600, 900) },
      { name: 'spare-cable.png', bytes: await makeImage(640, 480) },
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: MEDIA_TEXT.uploadsDone(2, 0) })
      .waitFor();
    expect(await progress()).toEqual([MEDIA_TEXT.uploadingFile('server-rack.png'), MEDIA_TEXT.uploadingFile('spare-cable.png')]);
    expect([await stored('server-rack.png'), await stored('spare-cable.png')]).toEqual([true, true]);

    // Each card: file name, size, dimensions, who uploaded it and when, and where it is used (nowhere yet).
    const rack = card(page, 'server-rack.png');
    await rack.getByText('1600 × 900 px').waitFor();
    await rack.getByText(/ by Sam Staff$/).waitFor();
    await rack.getByText(/^\d+ KB$/).waitFor();
    await rack.getByText(MEDIA_TEXT.notUsed).waitFor();
    // The totals come from the list read again once the uploads are done, a moment after their notice.
    await expect.poll(() => page.getByRole('link', { name: 'Unused (2)' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^2 images, [\d.]+ (KB|MB) stored/).isVisible()).toBe(true);

    await rack.getByLabel('Alt text').fill('A server rack with labelled patch cables');
    await rack.getByRole('button', { name: MEDIA_TEXT.saveAlt }).click();
    await rack.getByRole('status').filter({ hasText: MEDIA_TEXT.altSaved }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The editor's image dialog picks it from the library, with its alt text offered.
    await openEditor(page, site);
    await page.getByLabel(/^Title/).fill('Our New Rack');
    await page.getByLabel('Excerpt').fill('Where the servers live now.');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('The rack:');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add image' });
    await dialog.getByRole('radio', { name: /server-rack\.png/ }).check();
    await expect(dialog.getByLabel('Description (alt text)').inputValue()).resolves.toBe('A server rack with labelled patch cables');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Publish this post').check();
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.getByRole('status').filter({ hasText: 'The post is live' }).waitFor();

    await openSettled(page, site, '/admin/media');
    await card(page, 'server-rack.png').getByRole('link', { name: 'Our New Rack (in the text)' }).waitFor();
    await page.getByRole('link', { name: 'Unused (1)' }).waitFor();

    // Deleting it is refused with where it is used; it stays.
    await card(page, 'server-rack.png').getByRole('button', { name: 'Delete' }).click();
    await card(page, 'server-rack.png').getByRole('button', { name: MEDIA_TEXT.deleteConfirm }).click();
    const refusal = card(page, 'server-rack.png').getByRole('alert');
    await expect.poll(() => refusal.textContent()).toBe(MEDIA_TEXT.inUse('server-rack.png', ['Our New Rack (in the text)']));
    expect(await stored('server-rack.png')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Escape takes the question back, and focus returns to Delete.
    await card(page, 'spare-cable.png').getByRole('button', { name: 'Delete' }).click();
    await card(page, 'spare-cable.png').getByText(MEDIA_TEXT.deleteQuestion('spare-cable.png')).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => card(page, 'spare-cable.png').getByRole('button', { name: MEDIA_TEXT.deleteConfirm }).count()).toBe(0);
    await expect
      .poll(() =>
        card(page, 'spare-cable.png')
          .getByRole('button', { name: 'Delete' })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);

    // The unused one goes.
    await card(page, 'spare-cable.png').getByRole('button', { name: 'Delete' }).click();
    await card(page, 'spare-cable.png').getByRole('button', { name: MEDIA_TEXT.deleteConfirm }).click();
    await page
      .getByRole('status')
      .filter({ hasText: MEDIA_TEXT.deleted('spare-cable.png') })
      .waitFor();
    await expect(card(page, 'spare-cable.png').count()).resolves.toBe(0);
    expect(await stored('spare-cable.png')).toBe(false);
    // The totals again, read after the deletion.
    await expect.poll(() => page.getByRole('link', { name: 'Unused (0)' }).isVisible()).toBe(true);

    // The post shows the image with its alt text.
    await openSettled(page, site, '/blog/our-new-rack');
    await page.getByRole('img', { name: 'A server rack with labelled patch cables' }).waitFor();
    // A 409 is logged by the browser as a failed resource: that refusal is the test's, nothing else.
    expect(p.problems.filter((problem) => !/status of 409/.test(problem))).toEqual([]);
  });

  it('an image nothing uses is removed by the retention job once it has been unused for the set age (the clock moved), not before', async () => {
    await using p = await staffPage(site, '/admin/media', DESKTOP);
    const { page } = p;
    await page
      .getByLabel(MEDIA_TEXT.choose)
      .setInputFiles({ name: 'orphan.png', mimeType: 'image/png', buffer: await makeImage(300, 200) });
    await page
      .getByRole('status')
      .filter({ hasText: MEDIA_TEXT.uploadsDone(1, 0) })
      .waitFor();
    await card(page, 'orphan.png')
      .getByText(/Deleted on .+ unless it is used before then\./)
      .waitFor();

    const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'production' });
    const runAt = async (days: number) => {
      const job = startRetentionJob({
        db: site.database.db,
        logger,
        days: undefined,
        unusedImageDays: site.config.UNUSED_IMAGE_DAYS,
        now: () => new Date(Date.now() + days * DAY),
      });
      await job.stop();
    };
    await runAt(29);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(card(page, 'orphan.png').count()).resolves.toBe(1);

    await runAt(31);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(card(page, 'orphan.png').count()).resolves.toBe(0);
    expect(await stored('orphan.png')).toBe(false);
    // The image in the post is used: it stays whatever the age.
    await expect(card(page, 'server-rack.png').count()).resolves.toBe(1);
    p.assertClean();
  });

  it('axe finds nothing on the media library, its Unused view and the featured image’s picker at 390 and 1440 px; nothing overflows sideways', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await using p = await staffPage(site, '/admin/media', viewport);
      const { page } = p;
      for (const path of ['/admin/media', '/admin/media?show=unused']) {
        await openSettled(page, site, path);
        expect({ path, width: viewport.width, violations: await axeViolations(page) }).toEqual({
          path,
          width: viewport.width,
          violations: [],
        });
        await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
      }
      await openEditor(page, site);
      await page.getByRole('button', { name: MEDIA_TEXT.chooseFromLibrary }).click();
      const dialog = page.getByRole('dialog', { name: MEDIA_TEXT.chooseFeatured });
      await dialog.getByRole('radio').first().waitFor();
      expect({ width: viewport.width, violations: await axeViolations(page) }).toEqual({ width: viewport.width, violations: [] });
      await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
      p.assertClean();
    }
  });
});

describe('a featured image’s alt text', () => {
  it('is required unless the image is marked decorative, comes from the library, and is on the post page, the blog’s card and the sharing tags', async () => {
    await using p = await staffPage(site, '/admin/media', DESKTOP);
    const { page } = p;
    await page
      .getByLabel(MEDIA_TEXT.choose)
      .setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: await makeImage(1200, 630) });
    await page
      .getByRole('status')
      .filter({ hasText: MEDIA_TEXT.uploadsDone(1, 0) })
      .waitFor();

    await openEditor(page, site);
    await page.getByLabel(/^Title/).fill('A Tour Of The Office');
    await page.getByLabel('Excerpt').fill('Where we work.');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Desks, a kitchen and a comms room.');
    await page.getByRole('button', { name: MEDIA_TEXT.chooseFromLibrary }).click();
    const dialog = page.getByRole('dialog', { name: MEDIA_TEXT.chooseFeatured });
    await dialog.getByRole('button', { name: MEDIA_TEXT.useImage }).click();
    await dialog.getByText(MEDIA_TEXT.chooseRequired).waitFor();
    await dialog.getByRole('radio', { name: /office\.png/ }).check();
    await dialog.getByRole('button', { name: MEDIA_TEXT.useImage }).click();
    await dialog.waitFor({ state: 'hidden' });
    const featured = page.getByRole('group', { name: 'Featured image' });
    await expect(featured.getByLabel('Featured image URL').inputValue()).resolves.toMatch(/^\/media\/[0-9a-f-]{36}\/1200\.png$/);

    // No alt text (the library had none): refused beside the field, nothing saved.
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect.poll(() => featured.locator('.field-error').textContent()).toBe(EDITOR_MESSAGES.featuredAltRequired);
    expect(
      await site.database.db.selectFrom('blogs').select('id').where('title', '=', 'A Tour Of The Office').executeTakeFirst(),
    ).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);

    // Decorative: saved with empty alt text.
    await featured.getByLabel(MEDIA_TEXT.decorative).check();
    await expect(featured.getByLabel(MEDIA_TEXT.featuredAlt).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a draft' }).waitFor();
    const draft = await site.database.db
      .selectFrom('blogs')
      .select('featured_image_alt')
      .where('title', '=', 'A Tour Of The Office')
      .executeTakeFirstOrThrow();
    expect(draft.featured_image_alt).toBe('');

    // Described and published.
    await featured.getByLabel(MEDIA_TEXT.decorative).uncheck();
    await featured.getByLabel(MEDIA_TEXT.featuredAlt).fill('The open-plan office with six desks by the windows');
    await page.getByLabel('Publish this post').check();
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.getByRole('status').filter({ hasText: 'The post is live' }).waitFor();
    p.assertClean();

    const alt = 'The open-plan office with six desks by the windows';
    await using visitor = await openPage(site.browser, PHONE);
    await openSettled(visitor.page, site, '/blog/a-tour-of-the-office');
    await expect(visitor.page.locator('img.post-image').getAttribute('alt')).resolves.toBe(alt);
    await expect(visitor.page.locator('meta[property="og:image:alt"]').getAttribute('content')).resolves.toBe(alt);
    await expect(visitor.page.locator('meta[name="twitter:image:alt"]').getAttribute('content')).resolves.toBe(alt);
    await expect(visitor.page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toMatch(
      /\/media\/[0-9a-f-]{36}\/1200\.png$/,
    );
    await openSettled(visitor.page, site, '/blog');
    const postCard = visitor.page.locator('.post-card', { hasText: 'A Tour Of The Office' });
    await postCard.getByRole('img', { name: alt }).waitFor();
    visitor.assertClean();
  });
});
