import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { IMPORT_TEXT } from '../../shared/import-messages.ts';
import { STAFF, createStaff, staffService } from '../helpers/admin-client.ts';
import { makeImage } from '../helpers/images.ts';
import { oldSite } from '../helpers/import-client.ts';
import { axeViolations, liveSite, openPage, staffPage } from '../helpers/browser.ts';
import { wxr } from '../helpers/wxr.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ADMINISTRATOR = { email: 'admin@northbridge-it.com.au', password: STAFF.password };

const site = liveSite({ env: { TRUST_PROXY: '1' } });
let old: Awaited<ReturnType<typeof oldSite>>;
let file: string;

beforeAll(async () => {
  await createStaff(site.database.db);
  await staffService(site.database.db).createAccount(SYSTEM_ACTOR, { ...ADMINISTRATOR, name: 'Ada Administrator', role: 'administrator' });
  old = await oldSite(new Map([['/wp-content/uploads/2024/05/switch.png', await makeImage(900, 600)]]));
  file = join(tmpdir(), `import-e2e-${process.pid}.xml`);
  await writeFile(
    file,
    wxr(old.url, [
      {
        id: 3,
        title: 'Switch photo',
        type: 'attachment',
        status: 'inherit',
        attachmentUrl: `${old.url}/wp-content/uploads/2024/05/switch.png`,
      },
      {
        id: 40,
        title: 'Moved in from WordPress',
        slug: 'moved-in',
        link: `${old.url}/2024/05/02/moved-in/`,
        dateGmt: '2024-05-02 01:00:00',
        thumbnailId: 3,
        categories: [{ domain: 'category', slug: 'news', name: 'News' }],
        content: '<!-- wp:paragraph --><p>Our first post on the new site.</p><!-- /wp:paragraph -->',
      },
      { id: 41, title: 'Not finished', slug: 'not-finished', status: 'draft', content: '<p>Later.</p>' },
    ]),
  );
});
afterAll(() => old.close());

describe('importing a WordPress site in a browser', () => {
  it('an Administrator chooses the export, sees the dry run, imports with progress, reads the report, and the post is on /blog', async () => {
    await using p = await staffPage(site, '/admin/import', DESKTOP, ADMINISTRATOR);
    const { page } = p;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(IMPORT_TEXT.title);
    await expect(page.getByRole('link', { name: 'Import' }).getAttribute('aria-current')).resolves.toBe('page');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(IMPORT_TEXT.fileLabel, { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: IMPORT_TEXT.check }).click();
    const plan = page.getByRole('region', { name: IMPORT_TEXT.planHeading });
    await plan.getByText(`${IMPORT_TEXT.counts.posts}: 2`).waitFor();
    await plan.getByText(`${IMPORT_TEXT.counts.images}: 1`).waitFor();
    await plan.getByText(IMPORT_TEXT.statuses({ published: 1, scheduled: 0, drafts: 1 })).waitFor();
    // Nothing is written by the dry run.
    expect(await site.database.db.selectFrom('blogs').select('id').where('slug', '=', 'moved-in').executeTakeFirst()).toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);

    // The progress bar is watched from the moment Import is chosen until it is gone.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const now = bar?.getAttribute('aria-valuenow');
        if (now != null && seen.at(-1) !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: IMPORT_TEXT.start, exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: IMPORT_TEXT.finished({ posts: 2, pages: 0, tags: 0, images: 1, redirects: 3 }) })
      .waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.length)).toBeGreaterThan(0);
    const report = page.getByRole('region', { name: IMPORT_TEXT.reportHeading });
    await report.getByText(`${IMPORT_TEXT.counts.posts}: 2`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The report stays: the page opened again shows it.
    await page.reload();
    await page.getByRole('region', { name: IMPORT_TEXT.lastReportHeading }).getByText(`${IMPORT_TEXT.counts.posts}: 2`).waitFor();
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page)).toEqual([]);

    await using visitor = await openPage(site.browser, DESKTOP);
    await visitor.page.goto(`${site.baseUrl}/blog`);
    await visitor.page.getByRole('link', { name: 'Moved in from WordPress' }).first().waitFor();
    expect(await visitor.page.getByText('Not finished').count()).toBe(0);
    const res = await visitor.page.goto(`${site.baseUrl}/2024/05/02/moved-in/`);
    expect(res?.url()).toBe(`${site.baseUrl}/blog/moved-in`);
    await visitor.page.getByText('Our first post on the new site.').waitFor();
  });
});
