import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/staff/totp.ts';
import { RECENT_PASSWORD_MS } from '../../server/staff/recent-password.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { STAFF, createStaff, enableTwoFactor, insertQuote, provenAgo } from '../helpers/admin-client.ts';
import { VIEWPORTS, axeViolations, liveSite, openEditor, openPage, openSettled, pageApi, signIn, staffPage } from '../helpers/browser.ts';

let leadId: string;
// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });

beforeAll(async () => {
  await createStaff(site.database.db);
  leadId = await insertQuote(site.database.db, { name: 'Wendy Winner', email: 'wendy@winner.example', company: 'Winner Logistics' });
});

/** Fills the editor and saves; returns the status text shown. */
async function writePost(page: Page, post: { title: string; body: string; publish: boolean; publishAt?: string }) {
  await openEditor(page, site);
  await page.getByLabel('Title').fill(post.title);
  await page.getByLabel('Excerpt').fill(`All about ${post.title}.`);
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type(post.body);
  await page.getByLabel('Tags').fill('Cloud, Security');
  if (post.publish) await page.getByLabel('Publish this post').check();
  if (post.publishAt) await page.getByLabel(/Publish date/).fill(post.publishAt);
  await page.getByRole('button', { name: 'Save post' }).click();
  // The save's outcome ("Saved. …", "Saved as a draft."), not the editor's status line ("Saved at …").
  const status = page.getByRole('status').filter({ hasText: /^Saved(\.| as)/ });
  await status.waitFor();
  return status.textContent();
}

describe('staff work the admin in a browser', () => {
  it('staff sign in, write and publish a post that appears first on /blog, then edit it', async () => {
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');
    await page.getByRole('link', { name: 'Wendy Winner' }).first().waitFor();

    await expect(writePost(page, { title: 'Hybrid Work Networks', body: 'Plan for people who move.', publish: true })).resolves.toContain(
      'The post is live',
    );
    expect(page.url()).toMatch(/\/admin\/blog-editor\/[0-9a-f-]{36}$/);
    await openSettled(page, site, '/blog');
    await expect(page.locator('.post-card-title').first().textContent()).resolves.toBe('Hybrid Work Networks');

    await openSettled(page, site, '/admin/blog');
    await page.getByRole('link', { name: 'Edit Hybrid Work Networks' }).click();
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.getByLabel('Title').fill('Hybrid Work Networks in 2027');
    await page.getByRole('button', { name: 'Save post' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved\./ })
      .waitFor();
    await openSettled(page, site, '/blog/hybrid-work-networks');
    expect(page.url()).toBe(`${site.baseUrl}/blog/hybrid-work-networks-in-2027`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Hybrid Work Networks in 2027');
    p.assertClean();
  });

  it('staff schedule a post: it stays off the blog until its time, and staff can preview it', async () => {
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    const text = await writePost(page, {
      title: 'Next Month In Networking',
      body: 'Coming soon.',
      publish: true,
      publishAt: '2030-01-15T09:00',
    });
    expect(text).toContain('goes live on');
    await page.getByRole('link', { name: 'Preview' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByText('Scheduled: visitors can read it from').waitFor();
    const res = await page.goto(`${site.baseUrl}/blog/next-month-in-networking`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(404);
    await openSettled(page, site, '/blog');
    await expect(page.getByText('Next Month In Networking').count()).resolves.toBe(0);
    p.assertClean();
  });

  it('leaving the editor with unsaved changes asks first', async () => {
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    await openEditor(page, site);
    await page.getByLabel('Title').fill('Half-written thought');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(asked).resolves.toBe('beforeunload');
    expect(page.url()).toMatch(/\/admin\/blog-editor$/);
  });

  it('staff work a lead to "won", export the list as CSV and sign out', async () => {
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    await openSettled(page, site, '/admin/leads');
    await page.getByRole('link', { name: 'Wendy Winner' }).click();
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${site.baseUrl}/admin/leads/quote/${leadId}`);
    for (const [button, label] of [
      ['Mark contacted', 'Contacted'],
      ['Mark quoted', 'Quoted'],
      ['Mark won', 'Won'],
    ]) {
      await page.getByRole('button', { name: button }).click();
      // "Won" asks for its value first (docs/product.md#lead-work).
      if (label === 'Won') {
        await page.getByLabel('Value').fill('12,500');
        await page.getByRole('button', { name: button }).click();
      }
      await page
        .getByRole('status')
        .filter({ hasText: `Status changed to ${label}.` })
        .waitFor();
    }
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.locator('.badge').first().textContent()).resolves.toBe('Won');

    await openSettled(page, site, '/admin/leads?status=won');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv).toContain('"Quote request"');
    expect(csv).toContain('"wendy@winner.example"');
    expect(csv).toContain('"Won"');
    expect(csv).toContain('"12500"');

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin\/login\?signedOut=1$/);
    await page.waitForLoadState('networkidle');
    await page.getByText('You have signed out.').waitFor();
    await openSettled(page, site, '/admin/dashboard');
    expect(page.url()).toContain('/admin/login?next=');
    p.assertClean();
  });
});

describe('two-factor sign-in in a browser', () => {
  it('staff with an authenticator app enter its code after the password and land on next', async () => {
    const user = await createStaff(site.database.db, { email: 'otp@northbridge-it.com.au', name: 'Otto' });
    const secret = await enableTwoFactor(site.database.db, site.config, user);
    await using p = await openPage(site.browser);
    const { page } = p;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
    await page.goto(`${site.baseUrl}/admin/leads`, { waitUntil: 'networkidle' });
    await signIn(page, user.email);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await code.fill('000000' === totpCode(secret, Date.now() + 30_000) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not valid' }).waitFor();
    await code.fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin\/leads$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Leads');
    // Chromium logs the refused wrong code (401) as a console error; that one was expected.
    const expected = p.problems.filter((m) => m.includes('status of 401') && m.includes('/admin/login/code'));
    expect(expected).toHaveLength(1);
    p.problems.splice(p.problems.indexOf(expected[0]!), 1);
    p.assertClean();
  });

  it('staff signed in over 10 minutes ago give their password again to set up the authenticator app, as for a passkey', async () => {
    const user = await createStaff(site.database.db, { email: 'later@northbridge-it.com.au', name: 'Lara' });
    await using p = await staffPage(site, '/admin/account', VIEWPORTS.desktop, { email: user.email, password: STAFF.password });
    const { page } = p;
    await provenAgo(site.database.db, user.id, RECENT_PASSWORD_MS + 1000);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.twoFactorSetUpPassword }).waitFor();
    const password = section.getByLabel('Your password', { exact: true });
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('not the password at all');
    await page.keyboard.press('Enter');
    await section.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.passwordWrong }).waitFor();
    await password.fill(STAFF.password);
    await page.keyboard.press('Enter');
    await section.getByRole('img', { name: /QR code/ }).waitFor();
    await expect(password.count()).resolves.toBe(0);

    const secret = (await section.locator('code.secret').textContent())!;
    await section.getByLabel('The 6-digit code the app shows').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await section.getByRole('status').filter({ hasText: ADMIN_MESSAGES.twoFactorEnabled }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Chromium logs the two refusals (400) as console errors; those were expected.
    const refused = p.problems.filter((m) => m.includes('status of 400') && m.endsWith('/totp/start)'));
    expect(refused).toHaveLength(2);
    for (const problem of refused) p.problems.splice(p.problems.indexOf(problem), 1);
    p.assertClean();
  });
});

// One test a page and width, so a slow machine spends its time limit on one page, not twenty.
for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  describe(`admin accessibility at ${width} width`, () => {
    let p: Awaited<ReturnType<typeof staffPage>>;
    beforeAll(async () => {
      p = await staffPage(site, '/admin/dashboard', viewport);
      return () => p.close();
    });

    /** axe finds nothing and the page fits the screen. */
    async function expectAccessible(page: Page, path: string) {
      await openSettled(page, site, path);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }

    it('axe finds no WCAG 2.2 AA violation on the sign-in page', async () => {
      await using login = await openPage(site.browser, viewport);
      await expectAccessible(login.page, '/admin/login');
    });

    it.each(['/admin/dashboard', '/admin/leads', '/admin/blog', '/admin/blog-editor', '/admin/media', '/admin/audit', '/admin/account'])(
      'axe finds no WCAG 2.2 AA violation on %s',
      async (path) => {
        await expectAccessible(p.page, path);
        p.assertClean();
      },
    );

    it('axe finds no WCAG 2.2 AA violation on a lead, a post in the editor and its preview', async () => {
      // The posts are the ones the tests above wrote.
      const [post] = (await pageApi<{ posts: Array<{ id: string }> }>(p.page, '/api/admin/posts')).posts;
      const postPaths = post ? [`/admin/blog-editor/${post.id}`, `/admin/preview/${post.id}`] : [];
      for (const path of [`/admin/leads/quote/${leadId}`, ...postPaths]) {
        await expectAccessible(p.page, path);
      }
      p.assertClean();
    });
  });
}
