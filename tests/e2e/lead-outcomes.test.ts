import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SCRIPT_REQUIRED } from '../../shared/messages.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { liveSite, openPage } from '../helpers/browser.ts';
import { LEAD_TEST_ENV, fillContact, fillProjectDetails, fillServiceAnswers } from '../helpers/leads.ts';
import { findHeldData } from '../../db/queries/privacy.ts';

const site = liveSite({ env: { ...LEAD_TEST_ENV, MIN_FILL_MS: '0' } });

/** Olive's message, from an address of each test's own. */
const olive = (email: string) => ({ name: 'Outcome Olive', email, message: 'Is this really sent?' });

/** Playwright's text queries skip `<noscript>`, so the notice is found by its place. */
async function expectNoScriptNotice(page: Page) {
  const notice = page.locator('form noscript p');
  await notice.waitFor();
  await expect(notice.textContent()).resolves.toBe(SCRIPT_REQUIRED.notice(DEFAULT_SITE_SETTINGS.email));
}

const formStatus = (page: Page) => page.locator('.form-status-area [role="status"]');

/** The contact messages the site holds from an address. */
const contactsFrom = async (email: string) => (await findHeldData(site.database.db, email, 'email#none')).contacts;

describe('the outcome a visitor is told is the outcome that happened', () => {
  it('an answer of {"result":{"success":false}} shows the failure text and keeps the message', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/contact`);
    await p.page.route('**/functions/submitContact', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":{"success":false}}' }),
    );
    await fillContact(p.page, olive('false-olive@example.com'));
    await p.page.getByRole('button', { name: 'Send message' }).click();
    await expect(p.page.getByRole('alert').filter({ hasText: 'Sorry' }).textContent()).resolves.toBe(MESSAGES.contactError);
    await expect(formStatus(p.page).textContent()).resolves.toBe('');
    await expect(p.page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('Is this really sent?');
    p.assertClean();
  });

  it('a quote answered {"result":{"success":false}} shows the quote failure text and stays on step 3', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/quote?service=web-hosting`);
    await p.page.route('**/functions/submitQuote', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":{"success":false}}' }),
    );
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await fillProjectDetails(p.page, { name: 'Quinn', email: 'quinn@example.com' });
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await fillServiceAnswers(p.page, 'web-hosting');
    await expect(p.page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 3 of 3');
    await p.page.getByRole('button', { name: 'Submit request' }).click();
    await expect(p.page.getByRole('alert').filter({ hasText: 'Sorry' }).textContent()).resolves.toBe(MESSAGES.quoteError);
    await expect(p.page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 3 of 3');
    p.assertClean();
  });

  it('a visitor whose answer was lost sends again and the message is stored once', async () => {
    await using p = await openPage(site.browser);
    const keys: string[] = [];
    p.page.on('request', (req) => {
      if (req.url().endsWith('/functions/submitContact')) keys.push(req.headers()['idempotency-key'] ?? '');
    });
    await p.page.goto(`${site.baseUrl}/contact`);
    // The server gets and stores the first send, but its answer never reaches the browser.
    await p.page.route(
      '**/functions/submitContact',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await fillContact(p.page, olive('lost-olive@example.com'));
    await p.page.getByRole('button', { name: 'Send message' }).click();
    await expect(p.page.getByRole('alert').filter({ hasText: 'Sorry' }).textContent()).resolves.toBe(MESSAGES.contactError);
    expect(await contactsFrom('lost-olive@example.com')).toHaveLength(1);
    await p.page.getByRole('button', { name: 'Send message' }).click();
    await p.page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
    expect(await contactsFrom('lost-olive@example.com')).toHaveLength(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // "Send another" starts a new submission, with a new key.
    await p.page.getByRole('button', { name: 'Send another' }).click();
    await fillContact(p.page, olive('lost-olive@example.com'));
    await p.page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => contactsFrom('lost-olive@example.com').then((rows) => rows.length)).toBe(2);
    expect(keys[2]).not.toBe(keys[0]);
    // The one lost answer, as the browser reports it; nothing else went wrong.
    expect(p.problems).toHaveLength(2);
    expect(p.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^console: Failed to load resource: net::ERR_CONNECTION_RESET .*\/functions\/submitContact/),
        expect.stringMatching(/^request failed: .*\/functions\/submitContact/),
      ]),
    );
  });
});

describe('without JavaScript', () => {
  it('the contact form says what it needs, posts, and nothing personal reaches a URL', async () => {
    await using context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/contact`);
    await expectNoScriptNotice(page);
    await fillContact(page, olive('nojs-olive@example.com'));
    const post = page.waitForRequest((req) => req.url().endsWith('/contact') && req.method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    await post;
    await page.waitForURL(/\/contact\?script=required$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was sent' }).textContent()).resolves.toBe(
      SCRIPT_REQUIRED.notSent(DEFAULT_SITE_SETTINGS.email),
    );
    expect(page.url()).not.toMatch(/olive|Olive|message/);
    expect(await contactsFrom('nojs-olive@example.com')).toEqual([]);
  });

  it('the quote wizard continues from step 1 by link, then says plainly that nothing was sent and why', async () => {
    await using context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/quote`);
    await expectNoScriptNotice(page);
    await page.getByRole('radio', { name: /Web Hosting/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/quote\?service=web-hosting&step=2$/);
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Nojs Nora');
    await page.getByRole('textbox', { name: 'Email' }).fill('nora@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/quote\?script=required$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was sent' }).textContent()).resolves.toBe(
      SCRIPT_REQUIRED.notSent(DEFAULT_SITE_SETTINGS.email),
    );
    expect(page.url()).not.toMatch(/nora|Nora/i);
  });
});
