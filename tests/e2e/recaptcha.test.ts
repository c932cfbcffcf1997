import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { liveSite, openPage } from '../helpers/browser.ts';

/*
 * With reCAPTCHA configured, the visitor reads the product's exact captcha texts (docs/product.md#captcha). Google's
 * script lies outside this machine: the browser is given a stand-in for it, or none at all.
 */
const site = liveSite({
  env: {
    CAPTCHA_PROVIDER: 'recaptcha',
    CAPTCHA_SECRET: 'server-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
  },
});

/** Google's script: unreachable, or a stand-in whose `execute` gives the token `token`. */
async function recaptchaScript(page: Page, token: string | null): Promise<void> {
  await page.route('https://www.google.com/recaptcha/**', (route) =>
    token === null
      ? route.abort()
      : route.fulfill({
          contentType: 'text/javascript',
          body: `window.grecaptcha = { ready: (done) => done(), execute: async () => ${JSON.stringify(token)} };`,
        }),
  );
}

async function sendContact(page: Page): Promise<string | null> {
  await page.goto(`${site.baseUrl}/contact`);
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'reCAPTCHA' });
  await alert.waitFor();
  return alert.textContent();
}

describe('reCAPTCHA messages', () => {
  it('when Google’s script cannot load, the visitor reads “reCAPTCHA not loaded…”', async () => {
    await using p = await openPage(site.browser);
    await recaptchaScript(p.page, null);
    await expect(sendContact(p.page)).resolves.toBe(MESSAGES.captchaNotLoaded);
    expect(MESSAGES.captchaNotLoaded).toBe('reCAPTCHA not loaded. Please refresh the page and try again.');
  });

  it('when it gives no token, the visitor reads “reCAPTCHA verification failed…”', async () => {
    await using p = await openPage(site.browser);
    await recaptchaScript(p.page, '');
    await expect(sendContact(p.page)).resolves.toBe(MESSAGES.captchaEmpty);
    expect(MESSAGES.captchaEmpty).toBe('reCAPTCHA verification failed. Please try again.');
  });
});
