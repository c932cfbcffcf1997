import { describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { ANALYTICS_TEXT } from '../../shared/analytics.ts';
import { LEAD_SOURCE_TEXT } from '../../shared/lead-source.ts';
import { BLOG_TEXT, SITE_TEXT } from '../../shared/messages.ts';
import { createStaff } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { axeViolations, liveSite, openPage, staffPage } from '../helpers/browser.ts';
import { fillProjectDetails, fillServiceAnswers } from '../helpers/leads.ts';
import { successShown } from '../helpers/page-checks.ts';

/*
 * docs/product.md#analytics in a real browser: a visitor from a campaign e-mail reads a post and sends a quote
 * through the wizard; staff then see where that lead came from and the Analytics page's figures.
 */
const site = liveSite({ env: { MIN_FILL_MS: '0', TRUST_PROXY: '1' }, analytics: {} });

/** Headless Chromium names itself HeadlessChrome, which the bot list rightly refuses; a visitor's browser does not. */
const VISITOR_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('analytics in the browser', () => {
  it('a campaign visitor reads a post and sends a quote: the lead shows its source and the Analytics page the visit, referrer and funnel', async () => {
    await createStaff(site.database.db);
    await createBlogService({ db: site.database.db }).createPost(postInput({ title: 'Backups that restore' }));

    await using visitor = await openPage(site.browser, undefined, VISITOR_BROWSER);
    const { page } = visitor;
    await page.goto(`${site.baseUrl}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-offer`, {
      referer: 'https://mail.example.org/inbox/42',
    });
    await page.goto(`${site.baseUrl}/blog/backups-that-restore`);
    await page.getByRole('region', { name: BLOG_TEXT.cta.title }).getByRole('link', { name: SITE_TEXT.ctaQuote }).click();
    await page.waitForURL(`${site.baseUrl}/quote`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('radio', { name: 'Web Hosting' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillProjectDetails(page, { name: 'Campaign Visitor' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillServiceAnswers(page, 'web-hosting');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await successShown(page, "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours.");
    visitor.assertClean();

    const lead = await site.database.db.selectFrom('quotes').select('id').where('name', '=', 'Campaign Visitor').executeTakeFirstOrThrow();
    await using staff = await staffPage(site, `/admin/leads/quote/${lead.id}`);
    const source = staff.page.getByRole('region', { name: LEAD_SOURCE_TEXT.heading });
    const text = (await source.textContent()) ?? '';
    expect(text).toContain('E-mail');
    expect(text).toContain('mail.example.org');
    expect(text).toContain('spring-offer · newsletter / email');
    await expect(source.getByRole('listitem').allTextContents()).resolves.toEqual(['/', '/blog/backups-that-restore', '/quote']);

    await site.visits.flush();
    await staff.page.getByRole('link', { name: 'Analytics' }).first().click();
    await staff.page.waitForURL(`${site.baseUrl}/admin/analytics`);
    const figure = (label: string) => staff.page.locator('.count-card', { hasText: label }).locator('dd').textContent();
    await expect(figure('Visitors')).resolves.toBe('1');
    await expect(figure('Page views')).resolves.toBe('3');
    await expect(figure('Leads')).resolves.toBe('1');
    await expect(figure('Conversion')).resolves.toBe('100.0%');
    // Visitors and views each on a scale of their own (1 and 3 at the top), today's day labelled.
    const panels = staff.page.locator('.visits-chart svg');
    await expect(panels.count()).resolves.toBe(2);
    await expect(panels.nth(0).locator('.tick').first().textContent()).resolves.toBe('1');
    await expect(panels.nth(1).locator('.tick').first().textContent()).resolves.toBe('3');
    for (const panel of [panels.nth(0), panels.nth(1)])
      await expect(panel.locator('.tick-today').textContent()).resolves.toBe(ANALYTICS_TEXT.today);
    const referrers = staff.page.getByRole('region', { name: ANALYTICS_TEXT.referrers });
    await expect(referrers.getByRole('rowheader').allTextContents()).resolves.toEqual(['mail.example.org']);
    const funnel = staff.page.getByRole('region', { name: ANALYTICS_TEXT.funnel });
    const row = (step: string) =>
      funnel
        .getByRole('row', { name: new RegExp(`^${step}`) })
        .getByRole('cell')
        .allTextContents();
    await expect(row('Quote page viewed')).resolves.toEqual(['1', '–']);
    await expect(row('Reached step 2')).resolves.toEqual(['1', '100.0%']);
    await expect(row('Reached step 3')).resolves.toEqual(['1', '100.0%']);
    await expect(row('Quote submitted')).resolves.toEqual(['1', '100.0%']);
    const posts = staff.page.getByRole('region', { name: ANALYTICS_TEXT.topPosts });
    await expect(posts.getByRole('rowheader').allTextContents()).resolves.toEqual(['Backups that restore']);
    expect(await axeViolations(staff.page)).toEqual([]);

    // A chosen period is a link; the CSV downloads.
    await staff.page.getByRole('link', { name: 'Last 7 days' }).click();
    await staff.page.waitForURL(`${site.baseUrl}/admin/analytics?days=7`);
    await expect(staff.page.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).resolves.toBe('page');
    const [download] = await Promise.all([
      staff.page.waitForEvent('download'),
      referrers.getByRole('link', { name: ANALYTICS_TEXT.downloadCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-referrers-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    staff.assertClean();
  });
});
