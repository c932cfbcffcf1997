import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { LEADS_TEXT } from '../../shared/admin-texts.ts';
import { LEAD_WORK_MESSAGES as M } from '../../shared/lead-work-messages.ts';
import { LEAD_WORK_TEXT as W } from '../../shared/lead-work-texts.ts';
import { localDate } from '../../shared/zoned-time.ts';
import { STAFF, createStaff, insertQuote, staffService } from '../helpers/admin-client.ts';
import { VIEWPORTS, axeViolations, liveSite, openSettled, staffPage } from '../helpers/browser.ts';

/** docs/product.md#lead-work in a real Chromium: assignment, replies, saved replies, follow-ups and the outcome. */
const site = liveSite({ env: { TRUST_PROXY: '1' } });
const PHONE = { width: 390, height: 844 };
const SALES = { email: 'sam.lee@northbridge-it.com.au', password: STAFF.password, name: 'Sam Lee' };

let leadId: string;

beforeAll(async () => {
  const owner = await createStaff(site.database.db);
  await staffService(site.database.db).createAccount(SYSTEM_ACTOR, { ...SALES, role: 'sales' });
  leadId = await insertQuote(site.database.db, { name: 'Ada Assign', company: 'Ada Engines', service: 'web-hosting', status: 'quoted' });
  // The visit that sent the lead came from a campaign: its won value shows under that channel and campaign.
  await site.database.db
    .insertInto('lead_attributions')
    .values({
      lead_type: 'quote',
      lead_id: leadId,
      day: localDate(new Date(), site.config.TIME_ZONE),
      channel: 'campaign',
      referrer_host: '',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-racks',
      landing_path: '/services',
      pages_viewed: 2,
      seconds_to_lead: 90,
    })
    .execute();
  const now = new Date().toISOString();
  await site.database.db
    .insertInto('saved_replies')
    .values({
      id: 'welcome',
      name: 'Hosting welcome',
      body: 'Hi {name},\n\nThanks for asking about {service} for {company}.\n\n{sender}',
      updated_by: owner.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
});

const leadPath = () => `/admin/leads/quote/${leadId}`;
const history = (page: Page) => page.getByRole('list', { name: LEADS_TEXT.noteHistory });

async function expectAccessible(page: Page) {
  await expect(axeViolations(page)).resolves.toEqual([]);
}

describe('sales work a lead to the end', () => {
  it('the Owner assigns a lead and the Sales person finds it under "Assigned to me"', async () => {
    {
      await using p = await staffPage(site, leadPath());
      const { page } = p;
      await page.getByLabel(W.assignedTo, { exact: true }).selectOption({ label: SALES.name });
      await page.getByRole('button', { name: W.assign, exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: W.assignmentSaved(SALES.name) })
        .waitFor();
      await history(page).getByText(W.assignedEntry(SALES.name, STAFF.name)).waitFor();
      await expectAccessible(page);
      p.assertClean();
    }
    await using p = await staffPage(site, '/admin/leads', VIEWPORTS.desktop, SALES);
    const { page } = p;
    await page.getByRole('link', { name: M.assignedToMe }).click();
    await page.waitForURL(/\/admin\/leads\?assignee=/);
    await page.waitForLoadState('networkidle');
    const row = page.getByRole('row').filter({ hasText: 'Ada Assign' });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: SALES.name }).count()).resolves.toBe(1);
    await expectAccessible(page);
    p.assertClean();
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    it(`Sales fill a reply from a saved reply, send it and see it in the history (${label})`, async () => {
      await using p = await staffPage(site, leadPath(), viewport, SALES);
      const { page } = p;
      const reply = page.getByRole('region', { name: W.reply });
      await expect(reply.getByLabel(W.subject).inputValue()).resolves.toBe('Re: your quote request');
      await reply.getByLabel(W.chooseSavedReply).selectOption({ label: 'Hosting welcome' });
      const message = reply.getByLabel(W.message, { exact: true });
      await expect
        .poll(() => message.inputValue())
        .toBe('Hi Ada Assign,\n\nThanks for asking about Web Hosting for Ada Engines.\n\nSam Lee');
      await message.fill(`${await message.inputValue()}\n\nSent from the ${label}.`);
      await reply.getByRole('button', { name: W.sendReply }).click();
      await reply.getByRole('status').filter({ hasText: W.replyQueued }).waitFor();
      const entry = history(page)
        .getByRole('listitem')
        .filter({ hasText: `Sent from the ${label}.` });
      await entry.getByText(W.replyEntry('Re: your quote request')).waitFor();
      await entry.getByText(W.delivery.queued).waitFor();
      await expect(message.inputValue()).resolves.toBe('');
      await expectAccessible(page);
      p.assertClean();
    });
  }

  it('a follow-up due today is on the dashboard', async () => {
    const today = localDate(new Date(), site.config.TIME_ZONE);
    {
      await using p = await staffPage(site, leadPath(), VIEWPORTS.desktop, SALES);
      const { page } = p;
      const card = page.getByRole('region', { name: W.followUpHeading });
      await card.getByLabel(W.followUpOn).fill(today);
      await card.getByLabel(W.followUpNote).fill('Call about the racks');
      await card.getByRole('button', { name: W.saveFollowUp }).click();
      await card.getByRole('status').filter({ hasText: W.followUpSaved }).waitFor();
      p.assertClean();
    }
    for (const viewport of [PHONE, VIEWPORTS.desktop]) {
      await using p = await staffPage(site, '/admin/dashboard', viewport, SALES);
      const { page } = p;
      const due = page.getByRole('region', { name: M.followUpsDue });
      const item = due.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Ada Assign' }) });
      await item.getByText('Call about the racks').waitFor();
      await item.getByText(M.yours, { exact: false }).waitFor();
      await expectAccessible(page);
      p.assertClean();
    }
  });

  it('"Won" with a value shows in the CSV and on Analytics', async () => {
    await using p = await staffPage(site, leadPath());
    const { page } = p;
    await page.getByRole('button', { name: LEADS_TEXT.moveTo.won }).click();
    const value = page.getByLabel(W.value, { exact: true });
    await value.fill('lots');
    await page.getByRole('button', { name: W.markWon }).click();
    await page.getByText(W.valueRequired).waitFor();
    await expect(value.getAttribute('aria-invalid')).resolves.toBe('true');
    await value.fill('12,500');
    await page.getByRole('button', { name: W.markWon }).click();
    await page.getByText(W.valueShown('$12,500')).waitFor();
    await expectAccessible(page);

    await openSettled(page, site, '/admin/leads?status=won');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: LEADS_TEXT.exportCsv }).click();
    const [heading, row] = (await readFile((await (await download).path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    expect(row![heading!.indexOf(W.value)]).toBe('12500');
    expect(row![heading!.indexOf(M.outcome)]).toBe('Won');
    expect(row![heading!.indexOf(W.assignedTo)]).toBe(SALES.name);

    for (const viewport of [PHONE, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await openSettled(page, site, '/admin/analytics?days=7');
      const byChannel = page.getByRole('region', { name: M.wonValueHeading });
      await byChannel.getByRole('row').filter({ hasText: 'Campaign' }).filter({ hasText: '$12,500' }).waitFor();
      await page
        .getByRole('region', { name: M.wonCampaignHeading })
        .getByRole('row')
        .filter({ hasText: 'spring-racks' })
        .filter({ hasText: '$12,500' })
        .waitFor();
      await expectAccessible(page);
    }
    p.assertClean();
  });
});
