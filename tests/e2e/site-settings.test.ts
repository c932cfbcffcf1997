import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/company.ts';
import { SETTINGS_MESSAGES } from '../../shared/admin-texts.ts';
import { createStaff } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, pageApi, staffPage } from '../helpers/browser.ts';
import { jsonLd } from '../helpers/json-ld.ts';

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
beforeAll(async () => {
  await createStaff(site.database.db);
});

const settingsPage = (viewport: { width: number; height: number }) => staffPage(site, '/admin/settings', viewport);

/** The settings as the admin's settings API gives them, and the audit log's record of saves, read through the page. */
const savedSettings = async (page: Page) => ({
  settings: await pageApi<SiteSettings>(page, '/api/admin/settings'),
  saves: (await pageApi<{ entries: unknown[] }>(page, '/api/admin/audit?action=settings.updated')).entries,
});

describe.each(WIDTHS)('the settings page at $name width', ({ viewport }) => {
  it('opens with the settings in force, fits the screen and passes axe', async () => {
    await using p = await settingsPage(viewport);
    await p.page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
    await expect(p.page.getByLabel('Company name').inputValue()).resolves.toBe(DEFAULT_SITE_SETTINGS.name);
    await expect(p.page.getByLabel('ABN').inputValue()).resolves.toBe(DEFAULT_SITE_SETTINGS.abn);
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expect(axeViolations(p.page)).resolves.toEqual([]);
    p.assertClean();
  });
});

describe('changing the settings in the admin', () => {
  it('a bad ABN and phone get their messages beside the fields, keep what was typed, and save nothing', async () => {
    await using p = await settingsPage({ width: 390, height: 844 });
    const { page } = p;
    await page.getByLabel('Phone').fill('555 0123');
    await page.getByLabel('ABN').fill('51 824 753 557');
    await page.getByLabel('Company name').fill('Harbourline Systems');
    await page.getByRole('button', { name: 'Save settings' }).click();

    await page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' }).waitFor();
    await expect(page.locator('#settings-phone-error').textContent()).resolves.toBe(SETTINGS_MESSAGES.phone);
    await expect(page.locator('#settings-abn-error').textContent()).resolves.toBe(SETTINGS_MESSAGES.abn);
    await expect(page.getByLabel('Phone').getAttribute('aria-invalid')).resolves.toBe('true');
    // The first refused field in page order takes focus, so keyboard users land on it.
    await page.waitForFunction(() => document.activeElement?.id === 'settings-phone');
    await expect(page.getByLabel('Company name').inputValue()).resolves.toBe('Harbourline Systems');
    await expect(page.getByLabel('ABN').inputValue()).resolves.toBe('51 824 753 557');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await expect(savedSettings(page)).resolves.toEqual({ settings: DEFAULT_SITE_SETTINGS, saves: [] });
    // The refusal itself is the 400 Chromium logs; nothing else may be.
    expect(p.problems.splice(0).filter((m) => !m.includes('status of 400') || !m.includes('/api/admin/settings'))).toEqual([]);
    p.assertClean();
  });

  it('saved settings appear on the home page, in the footer and in the JSON-LD', async () => {
    const p = await settingsPage({ width: 1440, height: 900 });
    try {
      const { page } = p;
      await page.getByLabel('Company name').fill('Harbourline Systems');
      await page.getByLabel('Phone').fill('03 9555 0123');
      await page.getByLabel('ABN').fill('51824753556');
      await page.getByLabel('Suburb').fill('Melbourne');
      await page.getByLabel('State or territory').selectOption('VIC');
      await page.getByLabel('Postcode').fill('3000');
      await page.getByRole('button', { name: 'Remove link 3 (Facebook)' }).click();
      await page.getByRole('button', { name: 'Add a link' }).click();
      const newLink = page.getByRole('group', { name: 'Link 3' });
      await newLink.getByLabel('Network').fill('Mastodon');
      await newLink.getByLabel('Page address').fill('https://social.example.org/@harbourline');
      const firstFigure = page.getByRole('group', { name: 'Figure 1' });
      await firstFigure.getByLabel('Figure', { exact: true }).fill('120+');
      await firstFigure.getByLabel('Label', { exact: true }).fill('Clients');
      // Enter in a field saves, as in any form.
      await firstFigure.getByLabel('Label', { exact: true }).press('Enter');
      await page.getByRole('status').filter({ hasText: SETTINGS_MESSAGES.saved }).waitFor();
      // Stored written the site's one way.
      await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('(03) 9555 0123');
      await expect(page.getByLabel('ABN').inputValue()).resolves.toBe('51 824 753 556');
      p.assertClean();
    } finally {
      await p.close();
    }

    // A visitor (no session: the stored, cached page) sees them at once.
    await using visitor = await openPage(site.browser, { width: 390, height: 844 });
    const { page } = visitor;
    await page.goto(`${site.baseUrl}/`);
    await expect(page.locator('.stats').textContent()).resolves.toContain('Clients120+');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: '(03) 9555 0123' }).getAttribute('href')).resolves.toBe('tel:+61395550123');
    await expect(footer.locator('address').textContent()).resolves.toContain('Melbourne VIC 3000');
    await expect(footer.textContent()).resolves.toContain('ABN 51 824 753 556');
    await expect(footer.getByRole('link', { name: 'Mastodon' }).getAttribute('href')).resolves.toBe(
      'https://social.example.org/@harbourline',
    );
    await expect(footer.getByRole('link', { name: 'Facebook' }).count()).resolves.toBe(0);
    const organization = jsonLd(await page.content()).find((ld) => ld['@type'] === 'Organization');
    expect(organization).toMatchObject({
      name: 'Harbourline Systems',
      telephone: '+61395550123',
      taxID: 'ABN 51 824 753 556',
      address: { addressLocality: 'Melbourne', addressRegion: 'VIC', postalCode: '3000' },
    });
    expect(organization?.sameAs).toContain('https://social.example.org/@harbourline');
    await expect(page.title()).resolves.toMatch(/^Harbourline Systems \| /);
    visitor.assertClean();
  });
});
