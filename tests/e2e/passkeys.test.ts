import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { RECENT_PASSWORD_MS } from '../../server/staff/recent-password.ts';
import { STAFF, createStaff, provenAgo } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, signIn } from '../helpers/browser.ts';

/*
 * Passkeys in Chromium (docs/product.md#passkeys) with the DevTools protocol's virtual authenticator: a platform
 * authenticator (like a laptop's fingerprint reader) that holds discoverable credentials, verifies the user and
 * answers without a prompt. The site runs at http://localhost: passkeys need a host name and a secure context.
 */
const site = liveSite({ localhost: true });

beforeAll(async () => {
  await createStaff(site.database.db);
});

/** Gives the page's tab a virtual authenticator; answers the session and a way to read the passkeys it holds. */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(`${site.baseUrl}/admin/login?signedOut=1`);
  await page.waitForLoadState('networkidle');
}

/** From now on this page's browser offers no passkeys in form suggestions, as browsers without that feature. */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

describe('passkeys in a browser', () => {
  it('staff add a passkey, sign out, and sign in with it through the e-mail field, with its button, and after the password', async () => {
    await using p = await openPage(site.browser);
    const { page } = p;
    const authenticator = await virtualAuthenticator(page);
    await page.goto(`${site.baseUrl}/admin/login?next=%2Fadmin%2Faccount`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Email').getAttribute('autocomplete')).resolves.toBe('username webauthn');
    await signIn(page);
    await page.waitForURL(`${site.baseUrl}/admin/account`);
    await page.waitForLoadState('networkidle');

    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    const name = section.getByLabel('Name of the new passkey');
    await expect(name.inputValue()).resolves.toMatch(/^Passkey on Chrome/);
    await name.fill('Test laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: ADMIN_MESSAGES.passkeyAdded('Test laptop') })
      .waitFor();
    await section.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop').waitFor();
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    // Each sign-in below is one more use of the passkey.
    const uses = async () => (await authenticator.credentials())[0]!.signCount - credential!.signCount;

    // Through the e-mail field: the sign-in page asks the browser to offer passkeys among the field's suggestions
    // (conditional mediation). The virtual authenticator, with no person to wait for, takes the offer at once.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${site.baseUrl}/admin/dashboard`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    await expect(uses()).resolves.toBe(1);

    // The passkey alone, from the button on the sign-in page (the suggestions are off, or they would answer first).
    await withoutAutofill(page);
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/dashboard`);
    await expect(uses()).resolves.toBe(2);

    // The password of an account with a passkey and no authenticator app is followed by the passkey.
    await signOut(page);
    await page.goto(`${site.baseUrl}/admin/login?next=%2Fadmin%2Fblog`);
    await page.waitForLoadState('networkidle');
    await signIn(page);
    await page.getByText('Use your passkey to finish signing in.').waitFor();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/blog`);
    await expect(uses()).resolves.toBe(3);
    p.assertClean();
  });

  it('staff rename and remove passkeys on the account page; removing the last one asks for the password', async () => {
    const email = 'renamer@northbridge-it.com.au';
    await createStaff(site.database.db, { email, name: 'Rene Namer' });
    await using p = await openPage(site.browser);
    const { page } = p;
    await virtualAuthenticator(page);
    await page.goto(`${site.baseUrl}/admin/login?next=%2Fadmin%2Faccount`);
    await page.waitForLoadState('networkidle');
    await signIn(page, email);
    await page.waitForURL(`${site.baseUrl}/admin/account`);
    await page.waitForLoadState('networkidle');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Name of the new passkey').fill('Old name');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByRole('status').filter({ hasText: 'added' }).waitFor();

    await section.getByRole('button', { name: 'Rename Old name' }).click();
    const rename = section.getByLabel('New name for “Old name”');
    await expect.poll(() => rename.evaluate((input) => input === document.activeElement)).toBe(true);
    await rename.fill('Desk computer');
    await page.keyboard.press('Enter');
    await section.getByRole('status').filter({ hasText: ADMIN_MESSAGES.passkeyRenamed }).waitFor();
    await section.getByRole('list', { name: 'Your passkeys' }).getByText('Desk computer').waitFor();

    await section.getByRole('button', { name: 'Remove Desk computer' }).click();
    await section.getByText(ADMIN_MESSAGES.passkeyPasswordNeeded).waitFor();
    await section.getByLabel('Your password', { exact: true }).fill('not the password at all');
    await section.getByRole('button', { name: 'Yes, remove' }).click();
    await section.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.passwordWrong }).waitFor();
    await section.getByLabel('Your password', { exact: true }).fill(STAFF.password);
    await section.getByRole('button', { name: 'Yes, remove' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: ADMIN_MESSAGES.passkeyRemovedLast('Desk computer') })
      .waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();

    // Signed in over 10 minutes ago: adding one asks for the password first, beside the name.
    const account = await site.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await provenAgo(site.database.db, account.id, RECENT_PASSWORD_MS + 1000);
    await section.getByLabel('Name of the new passkey').fill('Laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.passkeyAddPassword }).first().waitFor();
    await expect
      .poll(() => section.getByLabel('Your password', { exact: true }).evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    await section
      .getByRole('status')
      .filter({ hasText: ADMIN_MESSAGES.passkeyAdded('Laptop') })
      .waitFor();
    await expect(section.getByLabel('Your password', { exact: true }).count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The wrong password's refusal and the request for one are the only errors the console may show.
    const refused = p.problems.filter((m) => m.includes('status of 400') && (m.endsWith('/remove)') || m.endsWith('/options)')));
    expect(refused).toHaveLength(2);
    for (const problem of refused) p.problems.splice(p.problems.indexOf(problem), 1);
    p.assertClean();
  });
});
