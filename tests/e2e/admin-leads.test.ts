import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/core/logger.ts';
import { createMailer } from '../../server/outbox/mail.ts';
import { type OutboxWorker, createOutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { INBOX_MESSAGES, LEADS_TEXT } from '../../shared/admin-texts.ts';
import { localDate } from '../../shared/zoned-time.ts';
import { outboxRow } from '../helpers/outbox-rows.ts';
import { createStaff, insertContact, insertQuote } from '../helpers/admin-client.ts';
import { type LiveSite, VIEWPORTS, axeViolations, launchBrowser, openSettled, staffPage, startSite } from '../helpers/browser.ts';
import { eventually } from '../helpers/eventually.ts';
import { LEAD_TEST_ENV, submitQuote } from '../helpers/leads.ts';
import { MailCatcher, decodedMail } from '../helpers/mail-catcher.ts';

const PHONE = { width: 390, height: 844 };
const STAFF_INBOX = 'leads@northbridge-it.com.au';

let site: LiveSite;
let noSmtpSite: LiveSite;
let browser: Browser;
let smtp: MailCatcher;
let worker: OutboxWorker;
let quoteId: string;

beforeAll(async () => {
  // Started by hand rather than with liveSite(): the site's SMTP_URL needs the catcher's port, known only now.
  smtp = new MailCatcher();
  await smtp.start();
  // The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
  const env = { TRUST_PROXY: '1', ...LEAD_TEST_ENV, STAFF_EMAIL: STAFF_INBOX };
  [site, noSmtpSite, browser] = await Promise.all([
    startSite({ env: { ...env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } }),
    startSite({ env }),
    launchBrowser(),
  ]);
  await Promise.all([createStaff(site.database.db), createStaff(noSmtpSite.database.db)]);
  worker = createOutboxWorker({
    db: site.database.db,
    engine: site.database.engine,
    logger: createLogger(site.config),
    mailer: createMailer(`smtp://127.0.0.1:${smtp.port}`, 'Northbridge IT <site@example.com>'),
    pollMs: 100,
    maxAttempts: 3,
  });
  worker.start();
  quoteId = await insertQuote(site.database.db, {
    name: 'Dana Datacentre',
    email: 'dana@racks.example',
    company: '=HYPERLINK("http://evil.example")',
    service: 'datacenter',
    details: { serverCount: 1200, storageSize: 40, rackSpace: 8, redundancy: 'Mission Critical' },
    // 22:30:05 UTC is 09:30:05 the next day in Sydney (daylight saving).
    createdAt: '2026-11-21T22:30:05.000Z',
  });
  await insertContact(site.database.db, {
    name: 'Colin Contact',
    email: 'colin@contact.example',
    message: 'Call me, please.',
    createdAt: '2026-11-20T01:00:00.000Z',
  });
});
afterAll(async () => {
  await worker?.stop();
  await browser?.close();
  await Promise.all([site?.stop(), noSmtpSite?.stop()]);
  await smtp?.stop();
});

/** The dashboard of `on`, signed in as staff in this file's browser. */
const dashboard = (on: LiveSite = site, viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
  staffPage({ baseUrl: on.baseUrl, browser }, '/admin/dashboard', viewport);

/** RFC 4180 as spreadsheets read it: quoted cells, doubled quotes, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    }
  }
  return rows;
}

describe('staff work leads in a browser', () => {
  it('a note joins the dated history with its author, and a note not yet added stops the page being left', async () => {
    await using p = await dashboard();
    const { page } = p;
    await openSettled(page, site, `/admin/leads/quote/${quoteId}`);
    const box = page.getByLabel('Add a note (staff only)');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText(INBOX_MESSAGES.noteRequired).waitFor();
    await expect(box.getAttribute('aria-invalid')).resolves.toBe('true');

    await box.fill('Rang Dana: wants two racks by March.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('status').filter({ hasText: INBOX_MESSAGES.noteAdded }).waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    await page.reload({ waitUntil: 'networkidle' });
    const history = page.getByRole('list', { name: LEADS_TEXT.noteHistory });
    const entry = history.getByRole('listitem').first();
    await expect(entry.textContent()).resolves.toMatch(
      /^Sam Staff · \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]mRang Dana: wants two racks by March\.$/,
    );

    // An empty note after one was added shows its error alone, not the earlier "Note added." beside it.
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText(INBOX_MESSAGES.noteRequired).waitFor();
    await expect(page.getByText(INBOX_MESSAGES.noteAdded).count()).resolves.toBe(0);

    // A status change joins the same history, with who made it.
    await page.getByRole('button', { name: LEADS_TEXT.moveTo.contacted }).click();
    await history.getByRole('listitem').filter({ hasText: 'Status: New → Contacted' }).waitFor();
    await expect(history.getByRole('listitem').last().textContent()).resolves.toMatch(/^Sam Staff · .*Status: New → Contacted$/);

    await box.fill('Half-written thought');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.getByRole('link', { name: '← All leads' }).click();
    await expect(asked).resolves.toBe('beforeunload');
    expect(page.url()).toBe(`${site.baseUrl}/admin/leads/quote/${quoteId}`);
    await expect(box.inputValue()).resolves.toBe('Half-written thought');

    const reply = page.getByRole('link', { name: INBOX_MESSAGES.replyByEmail });
    await expect(reply.getAttribute('href')).resolves.toBe(
      'mailto:dana@racks.example?subject=Your%20quote%20request%20for%20Datacenter%20Solutions',
    );
    await expect(axeViolations(page)).resolves.toEqual([]);
    p.assertClean();
  });

  it('the whole row of the leads table opens the lead, and its link is what the keyboard reaches', async () => {
    await using p = await dashboard();
    const { page } = p;
    await openSettled(page, site, '/admin/leads');
    // A person clicks anywhere on the row, here its "Received" cell, far from the name.
    const received = await page.getByRole('row').filter({ hasText: 'Colin Contact' }).getByRole('cell').last().boundingBox();
    await page.mouse.click(received!.x + received!.width / 2, received!.y + received!.height / 2);
    await page.waitForURL(/\/admin\/leads\/contact\/[0-9a-f-]{36}$/);
    // Let the lead page finish loading: leaving it at once would abort its own requests (the favicon).
    await page.waitForLoadState('networkidle');
    await openSettled(page, site, '/admin/leads');
    const link = page.getByRole('link', { name: 'Dana Datacentre' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.baseUrl}/admin/leads/quote/${quoteId}`);
    await page.waitForLoadState('networkidle');
    p.assertClean();
  });

  it('the CSV export holds every field in Sydney time, status names, service answers under their labels, notes, a BOM and guarded formulas', async () => {
    await site.database.db
      .insertInto('lead_notes')
      .values({
        id: 'note-csv',
        lead_type: 'quote',
        lead_id: quoteId,
        author_id: null,
        author: null,
        body: 'Kept from the old notes box.',
        created_at: '2026-11-22T00:00:00.000Z',
      })
      .execute();
    await using p = await dashboard();
    const { page } = p;
    await openSettled(page, site, '/admin/leads?q=example');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    // Named by the company's date (Sydney), not UTC's.
    expect(file.suggestedFilename()).toBe(`leads-${localDate(new Date(), 'Australia/Sydney')}.csv`);
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    const rowOf = (name: string) => Object.fromEntries(header!.map((h, i) => [h, rows.find((r) => r.includes(name))![i]]));
    const dana = rowOf('Dana Datacentre');
    expect(dana).toMatchObject({
      Type: 'Quote request',
      'Received (Australia/Sydney)': '2026-11-22 09:30:05',
      // Marked contacted by the history test above.
      Status: 'Contacted',
      Service: 'Datacenter Solutions',
      Email: 'dana@racks.example',
      Company: `'=HYPERLINK("http://evil.example")`,
      Phone: '02 8005 0142',
      'Company size': '11-50 employees',
      'Start date': '2026-12-01',
      'Project description': 'We need hosting.',
      'Number of servers': '1200',
      'Storage size (TB)': '40',
      'Rack space (U)': '8',
      Redundancy: 'Mission Critical',
      'Lead ID': quoteId,
    });
    expect(dana[LEADS_TEXT.notes]).toContain('2026-11-22 11:00:00 Earlier notes (author not recorded): Kept from the old notes box.');
    expect(dana[LEADS_TEXT.notes]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} Sam Staff: Rang Dana: wants two racks by March\./);
    expect(dana[LEADS_TEXT.notes]).toMatch(/\d{2}:\d{2}:\d{2} Sam Staff: Status: New → Contacted/);
    expect(rowOf('Colin Contact')).toMatchObject({
      Type: 'Contact message',
      'Received (Australia/Sydney)': '2026-11-20 12:00:00',
      Message: 'Call me, please.',
      Redundancy: '',
    });
    p.assertClean();
  });

  it('a quote held as possible spam for being fast is shown so, and "not spam" sends its e-mails then', async () => {
    const now = Date.now();
    const sent = await submitQuote(site.baseUrl, {
      name: 'Speedy Sam',
      email: 'speedy@visitor.example',
      startedAt: new Date(now - 1_000).toISOString(),
      submittedAt: new Date(now).toISOString(),
    });
    expect(sent.status).toBe(200);
    await using p = await dashboard();
    const { page } = p;
    await expect(page.getByText('Speedy Sam').count()).resolves.toBe(0);
    await openSettled(page, site, '/admin/leads?q=speedy');
    const row = page.getByRole('row').filter({ hasText: 'Speedy Sam' });
    await expect(row.locator('.badge').textContent()).resolves.toBe('Possible spam');
    await row.getByRole('link', { name: 'Speedy Sam' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/leads/quote/${sent.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByText(INBOX_MESSAGES.possibleSpam).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(smtp.received.filter((m) => m.to.includes('speedy@visitor.example'))).toEqual([]);

    await page.getByRole('button', { name: INBOX_MESSAGES.notSpamAction }).click();
    await page.getByRole('status').filter({ hasText: INBOX_MESSAGES.releasedFromSpam }).waitFor();
    await expect(page.locator('.badge').first().textContent()).resolves.toBe('New');
    const toStaff = await eventually(
      async () => smtp.received.find((m) => m.to.includes(STAFF_INBOX) && decodedMail(m.raw).includes('Speedy Sam')),
      'the staff e-mail',
    );
    expect(decodedMail(toStaff.raw)).toContain(`/admin/leads/quote/${sent.id}`);
    await eventually(async () => smtp.received.find((m) => m.to.includes('speedy@visitor.example')), "the visitor's acknowledgement");
    p.assertClean();
  });
});

describe('sales on a phone', () => {
  it('the inbox folds its filters behind one button, so the first lead is on the first screen; a lead’s phone and e-mail are tappable', async () => {
    await using p = await staffPage({ baseUrl: site.baseUrl, browser }, '/admin/leads', PHONE);
    const { page } = p;
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const search = page.getByRole('searchbox', { name: LEADS_TEXT.search });
    await search.waitFor({ state: 'hidden' });
    const first = page.getByRole('row').nth(1);
    const box = await first.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    await toggle.click();
    await search.waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await search.fill('dana');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/q=dana/);
    await page.getByRole('button', { name: 'Filters (1 in use)' }).waitFor();

    await openSettled(page, site, `/admin/leads/quote/${quoteId}`);
    await expect(page.getByRole('link', { name: '02 8005 0142' }).getAttribute('href')).resolves.toBe('tel:+61280050142');
    await expect(page.getByRole('link', { name: 'dana@racks.example' }).first().getAttribute('href')).resolves.toBe(
      'mailto:dana@racks.example',
    );
    p.assertClean();
  });
});

describe('the dashboard tells the truth', () => {
  it('without SMTP it says how many e-mails wait and why, and lists every waiting lead under its count, with its age', async () => {
    const db = noSmtpSite.database.db;
    const id = await insertQuote(db, { name: 'Unsent Ursula', createdAt: new Date(Date.now() - 3 * 3600_000).toISOString() });
    await db
      .insertInto('outbox')
      .values(['staff-email', 'customer-email'].map((kind) => outboxRow({ type: 'quote', id }, { kind })))
      .execute();
    for (const viewport of [PHONE, VIEWPORTS.desktop]) {
      await using p = await dashboard(noSmtpSite, viewport);
      const { page } = p;
      await page.getByText(INBOX_MESSAGES.emailsWaitForSmtp(2)).waitFor();
      await expect(page.getByText(INBOX_MESSAGES.allDelivered).count()).resolves.toBe(0);
      const waiting = page.locator('section[aria-labelledby="new-heading"]');
      await waiting.getByRole('link', { name: 'Unsent Ursula' }).waitFor();
      const count = Number(/\((\d+)\)/.exec((await waiting.getByRole('heading').first().textContent()) ?? '')?.[1]);
      await expect(waiting.getByRole('listitem').count()).resolves.toBe(count);
      await expect(page.getByRole('row').filter({ hasText: 'Unsent Ursula' }).locator('.lead-age').textContent()).resolves.toBe('3 h ago');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await openSettled(page, noSmtpSite, '/admin/leads');
      await expect(axeViolations(page)).resolves.toEqual([]);
      p.assertClean();
    }
  });
});
