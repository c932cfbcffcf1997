import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { liveSite, openPage } from '../helpers/browser.ts';
import { fillProjectDetails, serviceControl } from '../helpers/leads.ts';

/*
 * Quote step 3 on a phone (docs/product.md#quote): nothing the visitor needs is hidden behind the wizard's button
 * bar. Each field, its error, the spam check and the submit button, scrolled into view as the browser does it,
 * must be the topmost thing at its own centre, before and after the errors show.
 */
const PHONES = { 'iPhone 14 (390 × 844)': { width: 390, height: 844 }, 'small Android (360 × 640)': { width: 360, height: 640 } };
const SERVICE = 'datacenter';

const site = liveSite({ env: { MIN_FILL_MS: '0', RATE_LIMIT_PER_MINUTE: '100' } });

/** After scrolling `target` into view, the element drawn at its centre is it or inside it (nothing covers it). */
async function uncovered(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function stepThree(page: Page): Promise<void> {
  await page.goto(`${site.baseUrl}/quote?service=${SERVICE}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillProjectDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('.wizard[data-step="3"]').waitFor();
  await page.locator('altcha-widget input[type="checkbox"]').waitFor();
}

describe.each(Object.entries(PHONES))('quote step 3 on a %s', (_name, viewport) => {
  it('every field, the spam check and the submit button are uncovered; the buttons share one row', async () => {
    await using p = await openPage(site.browser, viewport);
    await stepThree(p.page);
    const targets = [
      ...QUOTE_FIELDS[SERVICE].map((f) => serviceControl(p.page, SERVICE, f.name)),
      p.page.locator('altcha-widget .altcha'),
      p.page.getByRole('button', { name: 'Submit request' }),
    ];
    for (const target of targets) expect(await uncovered(target), await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBe(true);
    const [back, submit] = await Promise.all(
      ['Back', 'Submit request'].map((name) => p.page.getByRole('button', { name }).evaluate((el) => el.getBoundingClientRect().top)),
    );
    expect(back).toBe(submit);
    p.assertClean();
  });

  it('with every error shown, each field and its error are uncovered', async () => {
    await using p = await openPage(site.browser, viewport);
    await stepThree(p.page);
    await p.page.getByRole('button', { name: 'Submit request' }).click();
    const errors = p.page.locator('.wizard .field-error');
    await errors.first().waitFor();
    expect(await errors.count()).toBe(QUOTE_FIELDS[SERVICE].length);
    for (const field of QUOTE_FIELDS[SERVICE]) expect(await uncovered(serviceControl(p.page, SERVICE, field.name)), field.name).toBe(true);
    for (let i = 0; i < (await errors.count()); i += 1) expect(await uncovered(errors.nth(i)), `error ${i}`).toBe(true);
    expect(await uncovered(p.page.getByRole('button', { name: 'Submit request' }))).toBe(true);
  });
});
