import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../shared/admin-texts.ts';
import { LOOK_MESSAGES } from '../../shared/look-texts.ts';
import type { SiteSettings } from '../../shared/company.ts';
import { accentFailure, formatRatio } from '../../shared/contrast.ts';
import { MEDIA_TEXT } from '../../shared/media.ts';
import { createStaff } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, pageApi, staffPage } from '../helpers/browser.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Screenshots for a person to look at (a temporary folder unless LOOK_SCREENSHOTS names one). */
const SHOTS = process.env.LOOK_SCREENSHOTS ?? join(tmpdir(), 'look-screenshots');

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
const files: Record<string, string> = {};

/** A logo as a company would have one: a mark and a wordmark on a transparent background, drawn for white pages. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160">
  <circle cx="80" cy="80" r="64" fill="#7c2d12"/><path d="M48 100 L80 52 L112 100 Z" fill="#fff"/>
  <text x="168" y="108" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="64" fill="#1f2937">Harbourline</text>
</svg>`;
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="96" fill="#7c2d12"/><path d="M128 352 L256 160 L384 352 Z" fill="#fff"/></svg>`;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  await createStaff(site.database.db);
  for (const [name, svg] of [
    ['harbourline-logo.png', LOGO_SVG],
    ['harbourline-icon.png', ICON_SVG],
  ] as const) {
    files[name] = join(tmpdir(), `look-test-${process.pid}-${name}`);
    await writeFile(files[name], await sharp(Buffer.from(svg)).png().toBuffer());
  }
});

const settingsPage = (viewport: { width: number; height: number }) => staffPage(site, '/admin/settings', viewport);

describe.each([
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
])('the look’s fields at $name width', ({ viewport }) => {
  it('are labelled, fit the screen and pass axe, with the library’s dialog open too', async () => {
    await using p = await settingsPage(viewport);
    const { page } = p;
    await page.getByRole('group', { name: 'The site’s look' }).waitFor();
    await expect(page.getByLabel('Accent colour', { exact: true }).inputValue()).resolves.toBe('#1d4ed8');
    await expect(page.getByLabel('Accent colour picker').inputValue()).resolves.toBe('#1d4ed8');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('group', { name: 'The site’s look' }).screenshot({ path: join(SHOTS, `settings-look-${viewport.width}.png`) });
    await page.getByRole('button', { name: 'Choose the logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the logo' });
    // The library has loaded: empty (these run first) or with the images the other tests uploaded.
    await dialog.getByText(MEDIA_TEXT.pickerEmpty).or(dialog.getByRole('radio').first()).first().waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    p.assertClean();
  });
});

describe('the Owner sets the look', () => {
  it('an accent that fails WCAG AA is refused beside the field, which takes focus, and nothing is saved', async () => {
    await using p = await settingsPage(PHONE);
    const { page } = p;
    await page.getByLabel('Accent colour', { exact: true }).fill('#fde047');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const failure = accentFailure('#fde047')!;
    const message = LOOK_MESSAGES.accentContrast(failure, formatRatio(failure.ratio));
    await page.locator('#settings-accent-error').filter({ hasText: message }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'settings-accent');
    await expect(page.getByLabel('Accent colour', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Accent colour', { exact: true }).getAttribute('aria-describedby')).resolves.toContain(
      'settings-accent-error',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect((await pageApi<SiteSettings>(page, '/api/admin/settings')).accent).toBeUndefined();
    expect(p.problems.splice(0).filter((m) => !m.includes('status of 400') || !m.includes('/api/admin/settings'))).toEqual([]);
    p.assertClean();
  });

  it('a logo uploaded and chosen in the library, its alt text, a favicon and an accent reach a visitor', async () => {
    const p = await settingsPage(DESKTOP);
    try {
      const { page } = p;
      await page.getByRole('button', { name: 'Choose the logo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose the logo' });
      await dialog.getByLabel('Upload an image').setInputFiles(files['harbourline-logo.png']!);
      await expect.poll(() => dialog.getByRole('radio', { name: /harbourline-logo\.png/ }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Use this image' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The alt text starts as the company name.
      await expect(page.getByLabel('Logo alt text').inputValue()).resolves.toBe('Northbridge IT');
      await page.getByLabel('Logo alt text').fill('Harbourline');

      await page.getByRole('button', { name: 'Choose the favicon' }).click();
      const icons = page.getByRole('dialog', { name: 'Choose the favicon' });
      await icons.getByLabel('Upload an image').setInputFiles(files['harbourline-icon.png']!);
      await expect.poll(() => icons.getByRole('radio', { name: /harbourline-icon\.png/ }).isChecked()).toBe(true);
      await icons.getByRole('button', { name: 'Use this image' }).click();
      await icons.waitFor({ state: 'hidden' });

      await page.getByLabel('Accent colour', { exact: true }).fill('#7c2d12');
      await expect(page.getByLabel('Accent colour picker').inputValue()).resolves.toBe('#7c2d12');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('status').filter({ hasText: SETTINGS_MESSAGES.saved }).waitFor();
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.getByRole('group', { name: 'The site’s look' }).screenshot({ path: join(SHOTS, 'settings-look-chosen.png') });
      const saved = await pageApi<SiteSettings>(page, '/api/admin/settings');
      expect(saved).toMatchObject({ logo: { alt: 'Harbourline', width: 160, height: 40 }, accent: '#7c2d12' });
      expect(saved.favicon).toMatch(/^\/media\/[0-9a-f-]{36}\/512\.png$/);
      p.assertClean();
    } finally {
      await p.close();
    }

    // A visitor (no session: the stored, cached page) sees them.
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await using visitor = await openPage(site.browser, viewport);
      const { page } = visitor;
      await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
      const logo = page.locator('.site-header .logo-image');
      await expect(logo.getAttribute('alt')).resolves.toBe('Harbourline');
      await expect(logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
      await expect(page.locator('.site-footer .logo-image').getAttribute('alt')).resolves.toBe('Harbourline');
      await expect(page.locator('link[rel="icon"][sizes="32x32"]').getAttribute('href')).resolves.toMatch(/\/32\.png$/);
      // The accent fills the main button; white text stays readable on it.
      await expect(
        page
          .locator('.button-primary')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      ).resolves.toBe('rgb(124, 45, 18)');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.screenshot({ path: join(SHOTS, `home-with-look-${name}.png`), fullPage: false });
      await page.locator('.site-footer').screenshot({ path: join(SHOTS, `footer-with-look-${name}.png`) });
      // Dark mode: the accent's derived shade for links, the logo on its plate.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.screenshot({ path: join(SHOTS, `home-with-look-${name}-dark.png`), fullPage: false });
      visitor.assertClean();
    }
  });
});

describe('a new page’s social image', () => {
  it('is chosen in the media library, as a post’s featured image is, and shown with a button to remove it', async () => {
    await using p = await staffPage(site, `/admin/pages/page-${randomUUID()}`, DESKTOP);
    const { page } = p;
    const field = page.getByLabel('Social image', { exact: true });
    await field.waitFor();
    await page.getByRole('button', { name: 'Choose from the media library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the social image' });
    await dialog.getByLabel('Upload an image').setInputFiles(files['harbourline-icon.png']!);
    await expect
      .poll(() =>
        dialog
          .getByRole('radio', { name: /harbourline-icon\.png/ })
          .first()
          .isChecked(),
      )
      .toBe(true);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(field.inputValue()).resolves.toMatch(/^\/media\/[0-9a-f-]{36}\/512\.png$/);
    await page.getByRole('img', { name: 'The social image now' }).waitFor();
    await page.getByRole('button', { name: 'Remove social image' }).click();
    await expect(field.inputValue()).resolves.toBe('');
    p.assertClean();
  });
});
