import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERVICES, type ServiceId } from '../../shared/services.ts';
import { VIEWPORTS, axeViolations, liveSite, openPage } from '../helpers/browser.ts';
import { fillProjectDetails, fillServiceAnswers, serviceControl } from '../helpers/leads.ts';
import { expectFieldError, successShown } from '../helpers/page-checks.ts';
import { findLead, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import type { QuoteRecord } from '../../shared/leads.ts';

// Ten quotes in a row from one address: the per-minute limit (5 by default) is raised for this visitor.
const site = liveSite({ env: { MIN_FILL_MS: '0', RATE_LIMIT_PER_MINUTE: '100' } });

const stepCount = (page: Page) => page.locator('.wizard-step-count').textContent();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

async function chooseService(page: Page, id: ServiceId) {
  await page.getByRole('radio', { name: SERVICES.find((s) => s.id === id)!.name }).check();
}

// The tests open the wizard once the page is idle: a Continue pressed before hydration submits the form natively
// (the no-script path, which lands on step 2 with nothing focused), and they test the wizard's own behaviour.
const cont = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

describe('quote wizard', () => {
  it('visitor completes the wizard for each of the 10 services, and each time it resets to step 1', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/quote`, { waitUntil: 'networkidle' });
    for (const service of SERVICES) {
      await expect.poll(() => stepCount(p.page)).toBe('Step 1 of 3');
      await chooseService(p.page, service.id);
      await cont(p.page);
      await expect.poll(() => stepCount(p.page)).toBe('Step 2 of 3');
      await fillProjectDetails(p.page, { name: `Visitor for ${service.id}`, companySize: '11-50', budget: '$15,000-$50,000' });
      await cont(p.page);
      await expect.poll(() => stepCount(p.page)).toBe('Step 3 of 3');
      const answers = await fillServiceAnswers(p.page, service.id, -1);
      await p.page.getByRole('button', { name: 'Submit request' }).click();
      await successShown(p.page, "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours.");
      // The panel says what happens next; the page's own aside gives way to it.
      await expect(p.page.getByRole('heading', { name: 'What happens next' }).count()).resolves.toBe(1);
      await p.page.getByRole('button', { name: 'Send another' }).click();
      await expect.poll(() => stepCount(p.page)).toBe('Step 1 of 3');
      await expect(p.page.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
      // The quote the site now holds from this visitor.
      const listed = (await listLeadSummaries(site.database.db, 'quote', { q: `Visitor for ${service.id}`, limit: 100 })).filter(
        (l) => l.name === `Visitor for ${service.id}`,
      );
      expect(listed).toHaveLength(1);
      const stored = await findLead(site.database.db, 'quote', listed[0]!.id);
      const row = stored!.lead as QuoteRecord;
      expect(row).toMatchObject({ service: service.id, status: 'new', companySize: '11-50' });
      expect(row.details).toEqual(answers);
    }
    await expect(p.page.evaluate(() => sessionStorage.getItem('quote-wizard'))).resolves.toContain('"step":1');
    p.assertClean();
  });

  it('?service= preselects a service; an unknown one preselects nothing, and Continue then says a service is needed', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/quote?service=domain-management`, { waitUntil: 'networkidle' });
    await expect(p.page.getByRole('radio', { name: 'Domain Management' }).isChecked()).resolves.toBe(true);
    await expect(p.page.getByRole('button', { name: 'Continue' }).isEnabled()).resolves.toBe(true);
    await p.page.evaluate(() => sessionStorage.clear());
    await p.page.goto(`${site.baseUrl}/quote?service=plumbing`, { waitUntil: 'networkidle' });
    await expect(p.page.getByRole('radio', { checked: true }).count()).resolves.toBe(0);
    await cont(p.page);
    await p.page.locator('#service-error').getByText('Choose a service to continue.').waitFor();
    await p.page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'service');
    await expect.poll(() => stepCount(p.page)).toBe('Step 1 of 3');
    p.assertClean();
  });

  it('on a phone, step 1 names its groups and jumps to Web Solutions; Continue with no choice answers with the field’s message', async () => {
    await using p = await openPage(site.browser, { width: 390, height: 844 });
    await p.page.goto(`${site.baseUrl}/quote`, { waitUntil: 'networkidle' });
    await p.page.getByRole('link', { name: 'Web Solutions' }).first().click();
    const web = p.page.getByRole('group', { name: 'Web Solutions' });
    await p.page.waitForFunction(() => {
      const top = document.querySelector('#services-web')!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    });
    await web.getByRole('radio', { name: 'Web Design' }).waitFor();
    await p.page.getByRole('button', { name: 'Continue' }).click();
    await p.page.locator('#service-error').getByText('Choose a service to continue.').waitFor();
    await p.page.getByRole('alert').getByText('Please correct the highlighted fields.').waitFor();
    await web.getByRole('radio', { name: 'Web Design' }).check();
    await cont(p.page);
    await p.page.locator('.wizard[data-step="2"]').waitFor();
    p.assertClean();
  });

  it('Continue checks the step: errors beside fields, announced, focus on the first; a new step focuses its heading', async () => {
    await using p = await openPage(site.browser, VIEWPORTS.phone);
    await p.page.goto(`${site.baseUrl}/quote?service=datacenter`, { waitUntil: 'networkidle' });
    await cont(p.page);
    await expect.poll(() => focusedText(p.page)).toBe('Project details');
    await cont(p.page);
    await expect(p.page.getByRole('alert').textContent()).resolves.toBe('Please correct the highlighted fields.');
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await expectFieldError(p.page.getByRole('textbox', { name: 'Email' }), 'Email is required.');
    expect(await axeViolations(p.page)).toEqual([]);

    await fillProjectDetails(p.page, { name: 'Grace' });
    await p.page.getByLabel('Start date').fill('2027-05-01');
    await p.page.getByLabel('Completion date').fill('2027-04-01');
    await cont(p.page);
    await p.page.getByText('The completion date cannot be before the start date.').waitFor();
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('completionDate');
    await p.page.getByLabel('Completion date').fill('2027-06-01');
    await cont(p.page);
    await expect.poll(() => focusedText(p.page)).toBe('Datacenter Solutions: details');
    await serviceControl(p.page, 'datacenter', 'serverCount').fill('-4');
    await p.page.getByRole('button', { name: 'Submit request' }).click();
    await p.page.getByText('Number of servers must be a whole number from 1 to 100,000.').waitFor();
    expect(await axeViolations(p.page)).toEqual([]);
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    p.assertClean();
  });

  it('choosing another service clears the service-specific fields, and keeps the project details', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/quote?service=datacenter`, { waitUntil: 'networkidle' });
    await cont(p.page);
    await fillProjectDetails(p.page, { name: 'Grace' });
    await cont(p.page);
    await serviceControl(p.page, 'datacenter', 'serverCount').fill('8');
    await p.page.getByRole('button', { name: 'Back' }).click();
    await p.page.getByRole('button', { name: 'Back' }).click();
    await chooseService(p.page, 'network-security');
    await cont(p.page);
    await expect(p.page.getByRole('textbox', { name: 'Full Name' }).inputValue()).resolves.toBe('Grace');
    await cont(p.page);
    await expect(serviceControl(p.page, 'network-security', 'serverCount').inputValue()).resolves.toBe('');
    await expect(serviceControl(p.page, 'network-security', 'networkType').inputValue()).resolves.toBe('');
    p.assertClean();
  });

  it('what the visitor typed survives Back, Continue and a reload', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/quote?service=web-hosting`, { waitUntil: 'networkidle' });
    await cont(p.page);
    await fillProjectDetails(p.page, { name: 'Reloading Visitor' });
    await cont(p.page);
    await p.page.getByRole('combobox', { name: 'Hosting type' }).selectOption('VPS');
    await p.page.reload();
    await p.page.getByRole('combobox', { name: 'Hosting type' }).waitFor();
    await expect.poll(() => stepCount(p.page)).toBe('Step 3 of 3');
    await expect(p.page.getByRole('combobox', { name: 'Hosting type' }).inputValue()).resolves.toBe('VPS');
    await p.page.getByRole('button', { name: 'Back' }).click();
    await expect(p.page.getByRole('textbox', { name: 'Full Name' }).inputValue()).resolves.toBe('Reloading Visitor');
    await expect(p.page.getByLabel('Start date').inputValue()).resolves.toBe('2027-01-10');
    p.assertClean();
  });

  it('axe finds no WCAG 2.2 AA violation on each step', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/quote?service=it-imacd`, { waitUntil: 'networkidle' });
    expect(await axeViolations(p.page)).toEqual([]);
    await cont(p.page);
    expect(await axeViolations(p.page)).toEqual([]);
    await fillProjectDetails(p.page, { name: 'Axe' });
    await cont(p.page);
    await p.page.locator('altcha-widget input[type="checkbox"]').waitFor();
    expect(await axeViolations(p.page)).toEqual([]);
  });
});
