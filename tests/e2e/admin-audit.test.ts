import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportTarget, settingsTarget } from '../../server/audit/audit-details.ts';
import type { AuditPage } from '../../shared/admin.ts';
import { formatDateTime } from '../../shared/zoned-time.ts';
import { STAFF, createStaff, insertQuote } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openSettled, pageApi, staffPage } from '../helpers/browser.ts';

/** The phone width the admin is checked at (iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
let leadId: string;

beforeAll(async () => {
  await createStaff(site.database.db);
  leadId = await insertQuote(site.database.db, { name: 'Lena Lead' });
  // Two entries as the export and a settings save write them, at a known moment (10:05 am in Sydney).
  const at = '2026-11-20T23:05:00.000Z';
  await site.database.db
    .insertInto('audit_log')
    .values(
      [
        { action: 'leads.exported', target: exportTarget(12, { status: 'new', from: '2026-11-01', to: '2026-11-30' }) },
        { action: 'settings.updated', target: settingsTarget([{ setting: 'phone', from: '(02) 8005 0142', to: '(02) 8005 0199' }]) },
      ].map((e) => ({ ...e, id: randomUUID(), user_id: null, actor: STAFF.email, ip: null, created_at: at })),
    )
    .execute();
});

describe('the audit log in a browser', () => {
  it('at 1440 px each entry is a sentence, its subject a link that opens it, its time in Sydney’s words; axe clean', async () => {
    await using p = await staffPage(site, `/admin/leads/quote/${leadId}`);
    const { page } = p;
    await page.getByRole('button', { name: 'Mark contacted' }).click();
    await page.getByText('Status changed to Contacted.').waitFor();

    await openSettled(page, site, '/admin/audit');
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['When', 'What', 'Who', 'IP address']);
    const moved = page.getByRole('row').filter({ hasText: 'Moved Lena Lead’s quote request from New to Contacted' });
    await expect(moved.count()).resolves.toBe(1);
    const [entry] = (await pageApi<AuditPage>(page, '/api/admin/audit?action=lead.status')).entries;
    await expect(moved.locator('td').first().textContent()).resolves.toBe(formatDateTime(entry!.createdAt, 'Australia/Sydney'));

    const exported = page.getByRole('row').filter({ hasText: 'Exported 12 leads (status New, received 1–30 Nov 2026)' });
    await expect(exported.locator('td').first().textContent()).resolves.toBe('21 Nov 2026, 10:05 am');
    const settings = page
      .getByRole('row')
      .filter({ hasText: 'Changed the phone from (02) 8005 0142 to (02) 8005 0199 in the site settings' });
    await expect(settings.getByRole('link', { name: 'site settings' }).getAttribute('href')).resolves.toBe('/admin/settings');
    await expect(page.getByText(/\d{4}-\d{2}-\d{2}T\d{2}:/).count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await moved.getByRole('link', { name: 'Lena Lead’s quote request' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/leads/quote/${leadId}`);
    await page.getByRole('heading', { level: 1, name: 'Quote request from Lena Lead' }).waitFor();
    p.assertClean();
  });

  it('at 390 px the sentences wrap inside the table and the page does not scroll sideways; axe clean', async () => {
    await using p = await staffPage(site, '/admin/audit', PHONE);
    const { page } = p;
    await page.getByRole('row').filter({ hasText: 'Exported 12 leads' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    p.assertClean();
  });
});
