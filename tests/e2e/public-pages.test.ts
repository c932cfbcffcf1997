import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { ABOUT_TEXT, HOME_TEXT, PRIVACY_POLICY_TITLE, SERVICES_TEXT } from '../../shared/messages.ts';
import { SERVICES } from '../../shared/services.ts';
import { VIEWPORTS, axeViolations, liveSite, openPage } from '../helpers/browser.ts';

const site = liveSite();

// Each heading from the default words' one home: staff may change them, these are what a new site shows.
const PAGES = [
  { path: '/', heading: HOME_TEXT.heading },
  { path: '/services', heading: SERVICES_TEXT.title },
  { path: '/services?category=web&service=domain-management', heading: SERVICES_TEXT.title },
  { path: '/about', heading: ABOUT_TEXT.heading(DEFAULT_SITE_SETTINGS.name) },
  { path: '/privacy', heading: PRIVACY_POLICY_TITLE },
  { path: '/this-page-does-not-exist', heading: 'Page not found' },
];

describe.each(Object.entries(VIEWPORTS))('public pages at %s width', (_name, viewport) => {
  it.each(PAGES)('visitor opens $path: it renders, fits the screen and has no console error', async ({ path, heading }) => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(site.baseUrl + path);
    await expect(p.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const brokenImages = await p.page.evaluate(() =>
      [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
    expect(brokenImages).toEqual([]);
    p.assertClean();
  });
});

describe('accessibility', () => {
  it.each(PAGES)('axe finds no WCAG 2.2 AA violation on $path', async ({ path }) => {
    await using p = await openPage(site.browser);
    await p.page.goto(site.baseUrl + path);
    expect(await axeViolations(p.page)).toEqual([]);
  });

  it('visitor opens the Services menu with the keyboard and reaches every quote link', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/about`);
    const nav = p.page.getByRole('navigation', { name: 'Main', exact: true });
    const firstEntry = nav.getByRole('link', { name: SERVICES[0]!.name });
    await firstEntry.waitFor({ state: 'hidden' });
    // Tab from the top of the page until the Services menu button has focus.
    const toggle = nav.getByRole('button', { name: 'Request a quote for a service' });
    for (let i = 0; i < 10; i += 1) {
      await p.page.keyboard.press('Tab');
      if (await toggle.evaluate((el) => el === document.activeElement)) break;
    }
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.page.keyboard.press('Enter');
    await p.page.keyboard.press('Tab');
    await firstEntry.waitFor();
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(`/quote?service=${SERVICES[0]!.id}`);
    const hrefs = await nav.locator('.dropdown a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(SERVICES.map((s) => `/quote?service=${s.id}`));
    p.assertClean();
  });

  it('visitor on a phone opens the menu without JavaScript', async () => {
    await using context = await site.browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/`);
    const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu.getByRole('link', { name: 'Contact' }).waitFor();
  });
});
