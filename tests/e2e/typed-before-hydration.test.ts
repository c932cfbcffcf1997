import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { liveSite, openPage } from '../helpers/browser.ts';
import { LEAD_TEST_ENV, fillProjectDetails, fillServiceAnswers } from '../helpers/leads.ts';
import { findHeldData } from '../../db/queries/privacy.ts';

const site = liveSite({ env: { ...LEAD_TEST_ENV, MIN_FILL_MS: '0' } });

/** Holds back every script of the page until `release()`: the visitor types into the server's HTML. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** React has hydrated the form once its DOM nodes carry React's own properties. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.querySelector('form.form')!).some((k) => k.startsWith('__reactFiber')));
}

describe('what a visitor types before the page is interactive', () => {
  it('arrives in full when the contact form is sent', async () => {
    await using p = await openPage(site.browser);
    const release = await holdScripts(p.page);
    await p.page.goto(`${site.baseUrl}/contact`, { waitUntil: 'domcontentloaded' });
    await p.page.getByRole('textbox', { name: 'Full Name' }).fill('Early Ada');
    await p.page.getByRole('textbox', { name: 'Email' }).fill('early-ada@example.com');
    await p.page.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Web Hosting' });
    await p.page.getByRole('textbox', { name: 'Message' }).fill('Typed before the scripts ran.');
    release();
    await hydrated(p.page);
    await expect(p.page.getByRole('textbox', { name: 'Full Name' }).inputValue()).resolves.toBe('Early Ada');
    await p.page.getByRole('button', { name: 'Send message' }).click();
    await p.page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    const [row] = (await findHeldData(site.database.db, 'early-ada@example.com', 'email#none')).contacts;
    expect(row).toMatchObject({ name: 'Early Ada', service: 'web-hosting', message: 'Typed before the scripts ran.' });
    p.assertClean();
  });

  it('arrives in full when the quote is sent, typed into step 2 of the wizard', async () => {
    await using p = await openPage(site.browser);
    const release = await holdScripts(p.page);
    // Step 1's Continue without scripts: /quote?service=…&step=2.
    await p.page.goto(`${site.baseUrl}/quote?service=web-hosting&step=2`, { waitUntil: 'domcontentloaded' });
    await expect(p.page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 2 of 3');
    const details = {
      name: 'Early Grace',
      email: 'early-grace@example.com',
      budget: '$5,000-$15,000',
      startDate: '2027-02-01',
      completionDate: '2027-04-30',
      description: 'Typed before the wizard was interactive.',
    };
    await fillProjectDetails(p.page, details);
    release();
    await hydrated(p.page);
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await expect(p.page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 3 of 3');
    await fillServiceAnswers(p.page, 'web-hosting');
    await p.page.getByRole('button', { name: 'Submit request' }).click();
    await p.page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    const [row] = (await findHeldData(site.database.db, details.email, 'email#none')).quotes;
    expect(row).toMatchObject({
      service: 'web-hosting',
      name: details.name,
      budget: details.budget,
      startDate: details.startDate,
      completionDate: details.completionDate,
      description: details.description,
    });
    p.assertClean();
  });
});
