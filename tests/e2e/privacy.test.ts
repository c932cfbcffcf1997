import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { createStaff, insertContact, insertQuote } from '../helpers/admin-client.ts';
import { VIEWPORTS, axeViolations, liveSite, pageApi, staffPage } from '../helpers/browser.ts';
import { expectFieldError } from '../helpers/page-checks.ts';

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });

beforeAll(async () => {
  const db = site.database.db;
  await createStaff(db);
  await insertQuote(db, { name: 'Priya Private', email: 'priya@private.example', description: 'Priya needs a firewall.' });
  await insertContact(db, { name: 'Priya Private', email: 'Priya@Private.example', message: 'Priya again.' });
  await insertContact(db, { name: 'Olga Other', email: 'olga@other.example', message: 'Olga stays.' });
});

describe('staff answer privacy requests in a browser', () => {
  it('staff export a person’s data as a JSON file, then erase it after confirming; the page stays axe clean', async () => {
    await using p = await staffPage(site, '/admin/privacy');
    const { page } = p;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Privacy');
    expect(await axeViolations(page)).toEqual([]);

    // An address that is not one is refused beside the field.
    await page.getByLabel('Email address').fill('priya');
    await page.getByRole('button', { name: 'Export data' }).click();
    await page.getByRole('alert').filter({ hasText: FIELD_MESSAGES.fixErrors }).waitFor();
    await expectFieldError(page.getByLabel('Email address'), ADMIN_MESSAGES.privacyEmailInvalid);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Email address').fill('priya@private.example');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.quotes.map((q: { name: string }) => q.name)).toEqual(['Priya Private']);
    expect(data.contacts.map((c: { message: string }) => c.message)).toEqual(['Priya again.']);
    expect(JSON.stringify(data)).not.toContain('Olga');
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'Downloaded the data held about priya@private.example: 1 quote request, 1 contact message and 0 notifications, and 0 audit entries.',
    );

    await page.getByRole('button', { name: 'Erase all data' }).click();
    const question = page.getByRole('group', { name: 'Erase everything held about priya@private.example? This cannot be undone.' });
    await question.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Yes, erase all data' }).click();
    await page.getByRole('status').filter({ hasText: 'Erased' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'Erased 1 quote request, 1 contact message and 0 notifications for priya@private.example.',
    );
    await expect(question.count()).resolves.toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('privacy-email');

    // What the inbox and the audit log now show staff.
    type Listed = { leads: Array<{ name: string }> };
    expect((await pageApi<Listed>(page, '/api/admin/leads?type=quote')).leads).toEqual([]);
    expect((await pageApi<Listed>(page, '/api/admin/leads?type=contact')).leads.map((c) => c.name)).toEqual(['Olga Other']);
    const actions = (await pageApi<{ entries: Array<{ action: string }> }>(page, '/api/admin/audit')).entries.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['privacy.exported', 'privacy.erased']));
    p.assertClean();
  });

  it('on a phone the privacy page fits the screen and is axe clean', async () => {
    await using p = await staffPage(site, '/admin/privacy', VIEWPORTS.phone);
    const { page } = p;
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    p.assertClean();
  });
});
