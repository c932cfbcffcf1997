import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NAV, STAFF_MESSAGES, STAFF_TEXTS } from '../../shared/admin-texts.ts';
import { ROLE_TEXT } from '../../shared/roles.ts';
import { ANALYTICS_TEXT } from '../../shared/analytics.ts';
import type { Page } from 'playwright-core';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { STAFF, createStaff, staffService } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, openSettled, signIn, staffPage } from '../helpers/browser.ts';
import { mailedInvitationLink } from '../helpers/invitation-mail.ts';
import { MailCatcher } from '../helpers/mail-catcher.ts';

/** The phone width the admin's menu is checked at (iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };
const INVITEE = { name: 'Nina Newcomer', email: 'nina@northbridge-it.com.au', password: 'a good long password for nina' };

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
let smtp: MailCatcher;
beforeAll(async () => {
  smtp = new MailCatcher();
  await smtp.start();
  await createStaff(site.database.db);
});
afterAll(async () => {
  await smtp?.stop().catch(() => {});
});

/** The path of the invitation link mailed to `to` (the outbox run once into this file's SMTP server). */
async function mailedLink(to: string): Promise<string> {
  const link = new URL(await mailedInvitationLink(site, smtp, to));
  return link.pathname + link.search;
}

describe('settings that are on or off', () => {
  it("a person's weekly summary is saved, announced and still checked after a reload; the sign-in policy's refusal is shown", async () => {
    await using p = await staffPage(site, '/admin/staff');
    const { page } = p;
    // The Owner has no second factor yet, so the policy cannot apply to them: refused, and nothing saved.
    const policy = page.getByRole('region', { name: ROLE_TEXT.policy.heading });
    await policy.getByLabel(ROLE_TEXT.policy.label).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await policy.getByRole('alert').filter({ hasText: ROLE_TEXT.policyNeedsOwnFactor }).waitFor();
    await openSettled(page, site, '/admin/staff');
    await expect(policy.getByLabel(ROLE_TEXT.policy.label).isChecked()).resolves.toBe(false);

    await openSettled(page, site, '/admin/account');
    const weekly = page.getByRole('region', { name: ANALYTICS_TEXT.weeklySwitch.heading });
    await expect(weekly.getByLabel(ANALYTICS_TEXT.weeklySwitch.label).isChecked()).resolves.toBe(false);
    await weekly.getByLabel(ANALYTICS_TEXT.weeklySwitch.label).check();
    await weekly.getByRole('button', { name: ANALYTICS_TEXT.weeklySwitch.save }).click();
    await weekly.getByRole('status').filter({ hasText: ANALYTICS_TEXT.weeklyOn }).waitFor();
    const stored = await site.database.db
      .selectFrom('users')
      .select('weekly_summary')
      .where('email', '=', STAFF.email)
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.weekly_summary)).toBe(true);
    await openSettled(page, site, '/admin/account');
    await expect(weekly.getByLabel(ANALYTICS_TEXT.weeklySwitch.label).isChecked()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The refusal is the one error the console may show.
    const refused = p.problems.filter((m) => m.includes('/api/admin/staff/sign-in-policy'));
    expect(refused).toHaveLength(1);
    p.problems.splice(p.problems.indexOf(refused[0]!), 1);
    p.assertClean();
  });
});

describe('the admin frame', () => {
  it('at 1440 px: the sidebar with every section, the user menu with Sign out; no public header or footer', async () => {
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await sidebar.waitFor();
    await expect(sidebar.getByRole('link').allTextContents()).resolves.toEqual(ADMIN_NAV.map((item) => item.label));
    await expect(sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBe('page');
    // The editor is the blog's: the sidebar says where staff are.
    await openSettled(page, site, '/admin/blog-editor');
    await expect(sidebar.locator('[aria-current="page"]').allTextContents()).resolves.toEqual(['Blog']);
    await openSettled(page, site, '/admin/dashboard');
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Sign out' }).waitFor();
    await bar.getByRole('link', { name: `${STAFF_MESSAGES.signedInAs} ${STAFF.name}` }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await expect(page.getByRole('link', { name: 'Get Quote' }).count()).resolves.toBe(0);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
    // The sidebar sits beside the page, not above it.
    const side = (await sidebar.boundingBox())!;
    const main = (await page.getByRole('main').boundingBox())!;
    expect(side.x + side.width).toBeLessThanOrEqual(main.x);

    // Staff browsing the public site keep the header's Admin menu (docs/product.md#header).
    await openSettled(page, site, '/about');
    const header = page.getByRole('navigation', { name: 'Main', exact: true });
    await header.getByRole('button', { name: 'Admin menu' }).click();
    await header.getByRole('link', { name: 'Dashboard' }).waitFor();
    await header.getByRole('button', { name: 'Sign out' }).waitFor();
    p.assertClean();
  });

  it('at 390 px a Menu button opens the same navigation: by keyboard, Escape closes it and focus returns; axe clean', async () => {
    await using p = await staffPage(site, '/admin/dashboard', PHONE);
    const { page } = p;
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    await menu.focus();
    await page.keyboard.press('Enter');
    await sidebar.getByRole('link', { name: 'Staff' }).waitFor();
    await expect(sidebar.getByRole('link').allTextContents()).resolves.toEqual(ADMIN_NAV.map((item) => item.label));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Dashboard');
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    // A link in the drawer goes where it says.
    await menu.click();
    await sidebar.getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL(/\/admin\/staff$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    p.assertClean();
  });

  it('/admin goes to the dashboard; signed out, through the sign-in page and back', async () => {
    await using visitor = await openPage(site.browser);
    await visitor.page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
    await openSettled(visitor.page, site, '/admin');
    expect(visitor.page.url()).toBe(`${site.baseUrl}/admin/login?next=%2Fadmin%2Fdashboard`);
    // Before sign-in there is no navigation, only the way back to the site.
    await expect(visitor.page.getByRole('navigation', { name: 'Admin' }).count()).resolves.toBe(0);
    await visitor.page.getByRole('link', { name: STAFF_MESSAGES.viewSite }).waitFor();
    expect(await axeViolations(visitor.page)).toEqual([]);
    await signIn(visitor.page);
    await visitor.page.waitForURL(/\/admin\/dashboard$/);
    await visitor.page.waitForLoadState('networkidle');
    await openSettled(visitor.page, site, '/admin');
    expect(visitor.page.url()).toBe(`${site.baseUrl}/admin/dashboard`);
    visitor.assertClean();
  });
});

describe('staff accounts', () => {
  it('invite → the e-mail arrives → set a password → sign in → deactivated: their session is gone; the Owner cannot be', async () => {
    await using staff = await staffPage(site, '/admin/dashboard');
    await using invitee = await openPage(site.browser, PHONE);
    const { page } = staff;
    await openSettled(page, site, '/admin/staff');
    expect(await axeViolations(page)).toEqual([]);
    const form = page.getByRole('region', { name: 'Add a person' });
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByRole('alert').filter({ hasText: 'Please correct' }).waitFor();
    await form.getByText('Name is required.').waitFor();
    await form.getByLabel('Name').fill(INVITEE.name);
    await form.getByLabel('Email').fill(INVITEE.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    // This site has no SMTP_URL: the notice says the e-mail waits, and offers the link in the same notice.
    const notice = form.getByRole('status').filter({ hasText: STAFF_MESSAGES.invitedQueued(INVITEE.email) });
    await notice.waitFor();
    await notice.getByRole('button', { name: STAFF_TEXTS.copyLinkFor(INVITEE.name) }).waitFor();
    // The invitation is listed at once, and its status follows its e-mail: queued (and why), then sent once delivered.
    const invitations = page.locator('.pending-invitations');
    const listed = invitations.getByRole('listitem').filter({ hasText: INVITEE.email });
    await listed.getByText(STAFF_TEXTS.invitationStates.queued).waitFor();
    await listed.getByText(STAFF_TEXTS.queuedWithoutMail).waitFor();
    const link = await mailedLink(INVITEE.email);
    await openSettled(page, site, '/admin/staff');
    await invitations.getByText(STAFF_TEXTS.invitationStates.sent).waitFor();
    // "Copy link" puts the same link on the clipboard, for a colleague whose mail is slow.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    await invitations.getByRole('button', { name: STAFF_TEXTS.copyLinkFor(INVITEE.name) }).click();
    await invitations.getByRole('status').filter({ hasText: STAFF_TEXTS.linkCopied }).waitFor();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.pathname + copied.search).toBe(link);
    expect(await axeViolations(page)).toEqual([]);

    // The invitee follows the link from the e-mail, on a phone.
    await invitee.page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
    await openSettled(invitee.page, site, link);
    await invitee.page.getByText(INVITEE.email).waitFor();
    expect(await axeViolations(invitee.page)).toEqual([]);
    await invitee.page.getByLabel(/^Password/).fill(INVITEE.password);
    await invitee.page.getByLabel('Repeat the password').fill(`${INVITEE.password}?`);
    await invitee.page.getByRole('button', { name: 'Set password' }).click();
    await invitee.page.getByText(STAFF_MESSAGES.passwordsDiffer).waitFor();
    // Nothing typed is lost: only the second field needs typing again.
    await expect(invitee.page.getByLabel(/^Password/).inputValue()).resolves.toBe(INVITEE.password);
    await invitee.page.getByLabel('Repeat the password').fill(INVITEE.password);
    await invitee.page.getByRole('button', { name: 'Set password' }).click();
    // Accepting signs her in.
    await invitee.page.waitForURL(/\/admin\/dashboard$/);
    await invitee.page.waitForLoadState('networkidle');
    // The link was one-time.
    await openSettled(invitee.page, site, link);
    await invitee.page.getByText(STAFF_MESSAGES.invitationInvalid).waitFor();

    // Staff see Nina's session and deactivate her; her next request finds her signed out.
    await openSettled(page, site, '/admin/staff');
    await page.getByRole('main').getByRole('link', { name: INVITEE.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: INVITEE.name }).waitFor();
    await expect(page.getByRole('button', { name: /^End session/ }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, deactivate' }).click();
    await page.getByText('Not signed in anywhere.').waitFor();
    await expect(page.locator('.badge').first().textContent()).resolves.toBe('Deactivated');
    await openSettled(invitee.page, site, '/admin/leads');
    expect(invitee.page.url()).toContain('/admin/login?next=');
    await signIn(invitee.page, INVITEE.email, INVITEE.password);
    await invitee.page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    // Sam, the first account, is the Owner: the page offers no Deactivate and says why (the last-account rule
    // beneath it is in tests/integration/staff-accounts.test.ts).
    await openSettled(page, site, '/admin/staff');
    await page.getByRole('main').getByRole('link', { name: STAFF.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: STAFF.name }).waitFor();
    await expect(page.getByRole('button', { name: 'Deactivate' }).count()).resolves.toBe(0);
    await page.getByText(ROLE_TEXT.ownerCannotBeDeactivated).waitFor();
    await openSettled(page, site, '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    // Chromium logs the refusals this test provoked (400: the empty form, the mismatched passwords; 401: the
    // deactivated sign-in); anything else is a fault.
    const provoked = [
      /status of 400 .*\/api\/admin\/staff\/invitations\)$/,
      /status of 400 .*\/api\/admin\/invitation\)$/,
      /status of 401 .*\/admin\/login\)$/,
    ];
    const faults = [...staff.problems, ...invitee.problems].filter((problem) => !provoked.some((re) => re.test(problem)));
    expect(faults).toEqual([]);
  });

  it('the audit log links entries to the person and filters by person and action, without JavaScript too', async () => {
    const p = await staffPage(site, '/admin/dashboard');
    try {
      const { page } = p;
      await openSettled(page, site, '/admin/audit');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Action').selectOption({ label: 'Deactivated an account' });
      await page.getByRole('button', { name: 'Filter' }).click();
      // An empty select is sent as empty (`person=`): the log reads it as "everyone".
      await page.waitForURL(/\/admin\/audit\?person=&action=user\.deactivated$/);
      const rows = page.locator('tbody tr');
      await expect(rows.count()).resolves.toBe(1);
      await rows.first().getByRole('link', { name: INVITEE.name }).click();
      await page.getByRole('heading', { level: 1, name: INVITEE.name }).waitFor();
      await page.getByRole('link', { name: 'Their activity in the audit log' }).click();
      await page.waitForURL(/\/admin\/audit\?person=[0-9a-f-]{36}$/);
      await expect(page.getByLabel('Person').locator('option:checked').textContent()).resolves.toBe(INVITEE.name);
      const actions = await page.locator('tbody tr td:nth-child(2)').allTextContents();
      expect(new Set(actions)).toEqual(new Set(['Accepted an invitation and chose a password', 'Signed in']));
      p.assertClean();
    } finally {
      await p.close();
    }
    // The filter form is a plain GET form: it works before (or without) any script.
    await using noScript = await site.browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-Proto': 'https' } });
    const page = await noScript.newPage();
    await openSettled(page, site, '/admin/login');
    await signIn(page);
    await page.waitForURL(/\/admin\/dashboard$/);
    await openSettled(page, site, '/admin/audit');
    await page.getByLabel('Action').selectOption({ label: 'Invited a person' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/action=user\.invited/);
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
  });
});

describe('an invitation without JavaScript', () => {
  it('the page posts as a plain form: a refusal comes back beside its field, and accepting signs the person in', async () => {
    const staff = await staffPage(site, '/admin/staff');
    const form = staff.page.getByRole('region', { name: 'Add a person' });
    await form.getByLabel('Name').fill('Olly Offline');
    await form.getByLabel('Email').fill('olly@northbridge-it.com.au');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: STAFF_MESSAGES.invitedQueued('olly@northbridge-it.com.au') })
      .waitFor();
    const link = await mailedLink('olly@northbridge-it.com.au');
    await staff.close();

    const context = await site.browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      extraHTTPHeaders: { 'X-Forwarded-Proto': 'https' },
    });
    try {
      const page = await context.newPage();
      await page.goto(site.baseUrl + link);
      await page.getByLabel(/^Password/).fill('a long password for olly');
      await page.getByLabel('Repeat the password').fill('a different password for olly');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(/error=confirmPassword/);
      const repeat = page.getByLabel('Repeat the password');
      await expect(repeat.getAttribute('aria-invalid')).resolves.toBe('true');
      await page.getByText(STAFF_MESSAGES.passwordsDiffer).waitFor();
      // (axe needs scripts to run: the same page with JavaScript is checked in the test above.)
      await page.getByLabel(/^Password/).fill('a long password for olly');
      await repeat.fill('a long password for olly');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(`${site.baseUrl}/admin/dashboard`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    } finally {
      await context.close();
    }
  });
});

describe("the notices of a person's page", () => {
  /**
   * Waits until the page shows `text` in its status region together with `state` (what the change made), after the
   * reload that shows what is stored, with focus on the notice so it is read first.
   */
  async function noticeWith(page: Page, text: string, state: () => Promise<boolean>) {
    const status = page.getByRole('status').filter({ hasText: text });
    await expect
      .poll(async () => (await status.count()) === 1 && (await state()) && status.evaluate((el) => el === document.activeElement))
      .toBe(true);
  }

  it('a role change, an ended session, deactivating and reactivating each say so once the page shows the new state', async () => {
    const person = { name: 'Rory Roles', email: 'rory@northbridge-it.com.au', password: STAFF.password };
    const user = await staffService(site.database.db).createAccount(SYSTEM_ACTOR, { ...person, role: 'sales' });
    await using theirs = await staffPage(site, '/admin/account', undefined, person);
    await using p = await staffPage(site, `/admin/staff/${user.id}`);
    const { page } = p;
    const dd = (text: string) => page.getByRole('definition').filter({ hasText: new RegExp(`^${text}$`) });

    await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: ROLE_TEXT.changeRole }).click();
    await noticeWith(page, ROLE_TEXT.roleChanged(person.name, 'Editor'), async () => (await dd('Editor').count()) === 1);

    await page.getByRole('button', { name: new RegExp(`^${STAFF_TEXTS.endSession}`) }).click();
    await noticeWith(page, STAFF_MESSAGES.sessionEnded, async () => (await page.getByText(STAFF_TEXTS.noSessions).count()) === 1);

    await page.getByRole('button', { name: STAFF_TEXTS.deactivate }).click();
    await page.getByRole('button', { name: STAFF_TEXTS.deactivateConfirm }).click();
    await noticeWith(
      page,
      STAFF_MESSAGES.deactivated(person.name),
      async () => (await page.getByRole('button', { name: STAFF_TEXTS.reactivate }).count()) === 1,
    );

    await page.getByRole('button', { name: STAFF_TEXTS.reactivate }).click();
    await noticeWith(
      page,
      STAFF_MESSAGES.reactivated(person.name),
      async () => (await page.getByRole('button', { name: STAFF_TEXTS.deactivate }).count()) === 1,
    );
    expect(await axeViolations(page)).toEqual([]);
    p.assertClean();
    theirs.assertClean();
  });
});
