import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { describe, expect, it } from 'vitest';
import { LEAD_WORK_TEXT } from '../../shared/lead-work-texts.ts';
import type { LeadDetail } from '../../shared/admin.ts';
import type { AnalyticsReport } from '../../shared/analytics.ts';
import { fillSavedReply } from '../../shared/saved-replies.ts';
import { serviceName } from '../../shared/lead-fields.ts';
import { queuedPayloads } from '../helpers/outbox-rows.ts';
import type { LeadPageData } from '../../pages/admin/leads/@type/@id/+data.ts';
import {
  adminPageData,
  auditEntries,
  dashboardData,
  inboxLeads,
  insertContact,
  insertQuote,
  leadDetail,
  signedInPerson,
  signedInStaffApp,
  STAFF,
} from '../helpers/admin-client.ts';
import { MailCatcher, decodedMail, mailHeader, mailPart } from '../helpers/mail-catcher.ts';
import { deliverOutboxOnce, mailFromOutbox } from '../helpers/outbox-once.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines, openTestDatabase } from '../helpers/test-app.ts';
import { queueFollowUpEmails } from '../../server/inbox/follow-up-emails.ts';
import { purgeExpiredLeads } from '../../server/privacy/retention.ts';
import { createLogger } from '../../server/core/logger.ts';
import { addDays, localDate, startOfDay } from '../../shared/zoned-time.ts';

/** docs/product.md#lead-work: assignment, replies from the lead page, and what they leave in the history. */
describe.each(configuredEngines())('working a lead to the end on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine, env: { REPLIES_PER_HOUR: '3' } }));

  /** The lead's history as its page shows it, each entry in words. */
  const historyOf = (lead: LeadDetail) =>
    lead.notes.map((n) => n.assignment && `${n.assignment.kind} ${n.assignment.assignee}`).filter(Boolean);

  it('the Owner assigns a lead: the assignee is e-mailed, the history and the audit log say so, and it is theirs in the inbox', async () => {
    const sam = await signedInPerson(t, 'sales', 'sam.lee@northbridge-it.com.au');
    const id = await insertQuote(t.database.db, { name: 'Ada Assign', service: 'web-hosting' });

    const res = await t.staff.req('put', `/api/admin/leads/quote/${id}/assignee`).send({ assigneeId: sam.id });
    expect(res.status).toBe(200);
    expect((res.body as LeadDetail).assignee).toEqual({ id: sam.id, name: 'sam.lee' });

    const mails = (await mailFromOutbox(t)).filter((m) => m.to.includes('sam.lee@northbridge-it.com.au'));
    expect(mails).toHaveLength(1);
    const text = decodedMail(mailPart(mails[0]!.raw, 'text/plain')!);
    expect(mailHeader(mails[0]!.raw, 'Subject')).toBe(LEAD_WORK_MESSAGES.assignmentEmail.subject('Ada Assign', 'Web Hosting'));
    expect(text).toContain('Ada Assign');
    expect(text).toContain(`${t.config.SITE_URL}/admin/leads/quote/${id}`);

    const lead = (await leadDetail(sam.browser, 'quote', id))!;
    expect(historyOf(lead)).toEqual(['assigned sam.lee']);
    const page = await sam.browser.req('get', `/admin/leads/quote/${id}`);
    expect(page.text).toContain(LEAD_WORK_TEXT.assignedEntry('sam.lee', STAFF.name));
    expect((await auditEntries(t.staff, { action: 'lead.assigned' })).map((e) => e.target)).toContain(`quote:${id}`);

    const mine = await inboxLeads(sam.browser, `?assignee=${sam.id}`);
    expect(mine.map((l) => [l.id, l.assignee?.name])).toEqual([[id, 'sam.lee']]);
    expect((await dashboardData(sam.browser)).assignedToYou).toBe(1);
    expect((await dashboardData(t.staff)).assignedToYou).toBe(0);
  });

  it('Sales take a lead nobody has, but cannot move one between people; Editors and Authors are refused', async () => {
    const kim = await signedInPerson(t, 'sales', 'kim@northbridge-it.com.au');
    const lou = await signedInPerson(t, 'sales', 'lou@northbridge-it.com.au');
    const editor = await signedInPerson(t, 'editor', 'ed@northbridge-it.com.au');
    const id = await insertContact(t.database.db, { name: 'Taken Tom' });
    const url = `/api/admin/leads/contact/${id}/assignee`;

    const toLou = await kim.browser.req('put', url).send({ assigneeId: lou.id });
    expect(toLou.status).toBe(403);
    expect(toLou.body.error.message).toBe(LEAD_WORK_MESSAGES.onlyTakeUnassigned);
    expect((await kim.browser.req('put', url).send({ assigneeId: kim.id })).status).toBe(200);
    // Taken: Lou cannot take it from Kim, Kim cannot hand it to Lou.
    expect((await lou.browser.req('put', url).send({ assigneeId: lou.id })).status).toBe(403);
    expect((await kim.browser.req('put', url).send({ assigneeId: lou.id })).status).toBe(403);
    // The Owner moves it; an Editor cannot be given leads, nor assign them.
    expect((await t.staff.req('put', url).send({ assigneeId: lou.id })).status).toBe(200);
    const toEditor = await t.staff.req('put', url).send({ assigneeId: editor.id });
    expect(toEditor.status).toBe(400);
    expect(toEditor.body.error.message).toBe(LEAD_WORK_MESSAGES.notAssignable);
    expect((await editor.browser.req('put', url).send({ assigneeId: editor.id })).status).toBe(403);
    expect((await editor.browser.req('post', `/api/admin/leads/contact/${id}/replies`).send({ subject: 'x', body: 'y' })).status).toBe(403);
    // Taking it oneself sends no e-mail; the Owner's move e-mails Lou.
    const assignments = await queuedPayloads<{ to: string }>(t.database.db, 'assignment-email', id);
    expect(assignments.map((a) => a.to)).toEqual(['lou@northbridge-it.com.au']);
  });

  it('deactivating a person leaves their leads with nobody, and the dashboard says so', async () => {
    const gone = await signedInPerson(t, 'sales', 'gone@northbridge-it.com.au');
    const id = await insertQuote(t.database.db, { name: 'Left Behind' });
    expect((await t.staff.req('put', `/api/admin/leads/quote/${id}/assignee`).send({ assigneeId: gone.id })).status).toBe(200);
    const before = (await dashboardData(t.staff)).releasedLeadCount;
    expect((await t.staff.req('post', `/api/admin/staff/${gone.id}/deactivate`).send({})).status).toBe(200);
    const lead = (await leadDetail(t.staff, 'quote', id))!;
    expect(lead.assignee).toBeNull();
    expect(historyOf(lead)).toEqual(['assigned gone', 'released gone']);
    expect((await dashboardData(t.staff)).releasedLeadCount).toBe(before + 1);
    expect((await t.staff.req('get', '/admin/dashboard')).text).toContain(LEAD_WORK_MESSAGES.unassignedAfterDeactivation(before + 1));
  });

  it('a reply reaches the visitor from MAIL_FROM with Reply-To the sender; the second threads under the first; the history follows its delivery', async () => {
    const rae = await signedInPerson(t, 'sales', 'rae@northbridge-it.com.au');
    const id = await insertQuote(t.database.db, { name: 'Reply Rita', email: 'rita@example.net' });
    const url = `/api/admin/leads/quote/${id}/replies`;
    const first = await rae.browser
      .req('post', url)
      .send({ subject: LEAD_WORK_TEXT.subjectFor('quote'), body: 'Hello Rita,\n\nHere is our quote.' });
    expect(first.status).toBe(201);
    expect((first.body as LeadDetail).replies.map((r) => [r.author, r.body, r.delivery.state])).toEqual([
      ['rae', 'Hello Rita,\n\nHere is our quote.', 'queued'],
    ]);

    // SMTP is down: the reply stays queued.
    const down = new MailCatcher();
    await down.start();
    const deadPort = down.port;
    await down.stop();
    await deliverOutboxOnce(t, deadPort);
    const queued = (await leadDetail(rae.browser, 'quote', id))!;
    expect(queued.replies.map((r) => r.delivery.state)).toEqual(['queued']);
    expect((await rae.browser.req('get', `/admin/leads/quote/${id}`)).text).toContain(`>${LEAD_WORK_TEXT.delivery.queued}<`);

    // Back (and the back-off over): sent, and the history says so.
    await dueNow(id);
    const smtp = new MailCatcher();
    await smtp.start();
    try {
      await deliverOutboxOnce(t, smtp.port);
      expect((await leadDetail(rae.browser, 'quote', id))!.replies.map((r) => r.delivery.state)).toEqual(['sent']);
      expect((await rae.browser.req('post', url).send({ subject: 'Re: your quote request', body: 'Any questions?' })).status).toBe(201);
      await deliverOutboxOnce(t, smtp.port);
    } finally {
      await smtp.stop();
    }
    const [one, two] = smtp.received.filter((m) => m.to.includes('rita@example.net'));
    expect(mailHeader(one!.raw, 'From')).toContain('site@example.com');
    expect(mailHeader(one!.raw, 'Reply-To')).toBe('rae@northbridge-it.com.au');
    expect(mailHeader(one!.raw, 'Subject')).toBe('Re: your quote request');
    expect(decodedMail(mailPart(one!.raw, 'text/plain')!)).toContain('Here is our quote.');
    const firstId = mailHeader(one!.raw, 'Message-ID');
    expect(firstId).toMatch(/^<[^@]+@www\.example\.com\.au>$/);
    expect(mailHeader(one!.raw, 'In-Reply-To')).toBeUndefined();
    expect(mailHeader(two!.raw, 'In-Reply-To')).toBe(firstId);
    expect(mailHeader(two!.raw, 'References')).toBe(firstId);
    expect(mailHeader(two!.raw, 'Message-ID')).not.toBe(firstId);
    expect((await auditEntries(t.staff, { action: 'lead.replied' })).filter((e) => e.target === `quote:${id}`)).toHaveLength(2);
  });

  it('a refused reply says why in the history: "Failed: …"', async () => {
    const id = await insertContact(t.database.db, { email: 'bounce@example.net' });
    expect(
      (await t.staff.req('post', `/api/admin/leads/contact/${id}/replies`).send({ subject: 'Re: your message', body: 'Hi' })).status,
    ).toBe(201);
    const smtp = new MailCatcher();
    smtp.answer = 'refuse';
    await smtp.start();
    try {
      // The worker gives up after its attempts (3 in the test helper).
      for (let i = 0; i < 3; i += 1) {
        await dueNow(id);
        await deliverOutboxOnce(t, smtp.port);
      }
    } finally {
      await smtp.stop();
    }
    const [reply] = (await leadDetail(t.staff, 'contact', id))!.replies;
    expect(reply!.delivery).toEqual({ state: 'failed', error: expect.stringContaining('Mailbox unavailable') });
    const page = (await t.staff.req('get', `/admin/leads/contact/${id}`)).text;
    expect(page).toContain('Failed: ');
  });

  it('a reply with nothing to say is refused field by field; a lead held as spam asks first', async () => {
    const id = await insertQuote(t.database.db, { status: 'spam', spamReason: 'too-fast' });
    const url = `/api/admin/leads/quote/${id}/replies`;
    const empty = await t.staff.req('post', url).send({ subject: ' ', body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields).toMatchObject({
      subject: LEAD_WORK_MESSAGES.subjectRequired,
      body: LEAD_WORK_MESSAGES.messageRequired,
    });
    const unasked = await t.staff.req('post', url).send({ subject: 'Re: your quote request', body: 'Hello' });
    expect(unasked.status).toBe(400);
    expect(unasked.body.error.message).toBe(LEAD_WORK_MESSAGES.spamNotConfirmed);
    expect((await t.staff.req('post', url).send({ subject: 'Re: your quote request', body: 'Hello', confirmSpam: true })).status).toBe(201);
  });

  it('replies are limited per person per hour', async () => {
    const hal = await signedInPerson(t, 'sales', 'hal@northbridge-it.com.au');
    const id = await insertContact(t.database.db);
    const send = () => hal.browser.req('post', `/api/admin/leads/contact/${id}/replies`).send({ subject: 'Re: your message', body: 'Hi' });
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(LEAD_WORK_MESSAGES.tooManyReplies(3));
    // Someone else may still reply.
    expect(
      (await t.staff.req('post', `/api/admin/leads/contact/${id}/replies`).send({ subject: 'Re: your message', body: 'Hi' })).status,
    ).toBe(201);
  });

  it('"Won" takes a value in AUD, "Lost" an optional reason; Analytics adds won value by channel and campaign', async () => {
    const db = t.database.db;
    const day = new Date().toISOString().slice(0, 10);
    const won = await insertQuote(db, { name: 'Wendy Won', status: 'quoted' });
    const alsoWon = await insertContact(db, { name: 'Walt Won', status: 'quoted' });
    const lost = await insertQuote(db, { name: 'Lou Lost', status: 'quoted' });
    const source = {
      channel: 'campaign',
      referrer_host: '',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-won',
      landing_path: '/',
      pages_viewed: 1,
      seconds_to_lead: 60,
      visitor: null,
      day,
    };
    await db
      .insertInto('lead_attributions')
      .values([
        { ...source, lead_type: 'quote', lead_id: won },
        { ...source, lead_type: 'contact', lead_id: alsoWon },
        { ...source, lead_type: 'quote', lead_id: lost },
      ])
      .execute();

    const noValue = await t.staff.req('patch', `/api/admin/leads/quote/${won}`).send({ status: 'won' });
    expect(noValue.status).toBe(400);
    expect(noValue.body.error.details.fields.value).toBe(LEAD_WORK_TEXT.valueRequired);
    expect((await t.staff.req('patch', `/api/admin/leads/quote/${won}`).send({ status: 'won', value: 'lots' })).status).toBe(400);
    const marked = await t.staff.req('patch', `/api/admin/leads/quote/${won}`).send({ status: 'won', value: 12500 });
    expect(marked.status).toBe(200);
    expect((marked.body as LeadDetail).wonValue).toBe(12500);
    expect((await t.staff.req('patch', `/api/admin/leads/contact/${alsoWon}`).send({ status: 'won', value: 500 })).status).toBe(200);
    const markedLost = await t.staff.req('patch', `/api/admin/leads/quote/${lost}`).send({ status: 'lost', lostReason: 'price' });
    expect((markedLost.body as LeadDetail).lostReason).toBe('price');
    expect((await t.staff.req('get', `/admin/leads/quote/${won}`)).text).toContain(LEAD_WORK_TEXT.valueShown('$12,500'));

    const report = (await t.staff.req('get', `/api/admin/analytics?from=${day}&to=${day}`)).body as AnalyticsReport;
    expect(report.wonValue!.channels).toEqual([{ channel: 'campaign', won: 2, value: 13000 }]);
    expect(report.wonValue!.campaigns).toEqual([{ campaign: 'spring-won', source: 'newsletter', medium: 'email', won: 2, value: 13000 }]);
    const page = (await t.staff.req('get', `/admin/analytics?from=${day}&to=${day}`)).text;
    expect(page).toContain(LEAD_WORK_MESSAGES.wonValueHeading);
    expect(page).toContain('$13,000');
    // Someone who may not see leads sees no won value.
    const editor = await signedInPerson(t, 'editor', 'ed.won@northbridge-it.com.au');
    expect(((await editor.browser.req('get', `/api/admin/analytics?from=${day}&to=${day}`)).body as AnalyticsReport).wonValue).toBeNull();
    // Back to quoted: the value goes with the outcome.
    expect(
      ((await t.staff.req('patch', `/api/admin/leads/quote/${won}`).send({ status: 'quoted' })).body as LeadDetail).wonValue,
    ).toBeNull();
  });

  it('a follow-up date is set on the lead (a bad one refused), and the dashboard lists those due today and overdue, the viewer’s first', async () => {
    const db = t.database.db;
    const fay = await signedInPerson(t, 'sales', 'fay@northbridge-it.com.au');
    const today = localDate(new Date(), t.config.TIME_ZONE);
    const theirs = await insertQuote(db, { name: 'Overdue Olga' });
    const mine = await insertContact(db, { name: 'Due Dora' });
    const later = await insertQuote(db, { name: 'Later Larry' });
    const closed = await insertQuote(db, { name: 'Closed Carl', status: 'lost' });
    const set = (browser: typeof fay.browser, type: string, id: string, body: object) =>
      browser.req('put', `/api/admin/leads/${type}/${id}/follow-up`).send(body);

    const bad = await set(fay.browser, 'quote', theirs, { on: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.on).toBe(LEAD_WORK_MESSAGES.followUpDateInvalid);
    expect((await set(fay.browser, 'quote', theirs, { on: addDays(today, -2), note: 'Call about the rack' })).status).toBe(200);
    const saved = await set(fay.browser, 'contact', mine, { on: today, note: '' });
    expect((saved.body as LeadDetail).followUpOn).toBe(today);
    expect((await set(fay.browser, 'quote', later, { on: addDays(today, 1) })).status).toBe(200);
    expect((await set(fay.browser, 'quote', closed, { on: today })).status).toBe(200);
    expect((await t.staff.req('put', `/api/admin/leads/contact/${mine}/assignee`).send({ assigneeId: fay.id })).status).toBe(200);

    const due = (await dashboardData(fay.browser)).followUpsDue.filter((l) => [theirs, mine, later, closed].includes(l.id));
    expect(due.map((l) => [l.name, l.followUpOn, l.followUpNote])).toEqual([
      ['Due Dora', today, null],
      ['Overdue Olga', addDays(today, -2), 'Call about the rack'],
    ]);
    expect((await fay.browser.req('get', '/admin/dashboard')).text).toContain(LEAD_WORK_MESSAGES.followUpsDue);
    // Cleared: off the list.
    expect(((await set(fay.browser, 'contact', mine, { on: null })).body as LeadDetail).followUpOn).toBeNull();
    expect((await dashboardData(fay.browser)).followUpsDue.map((l) => l.id)).not.toContain(mine);
    expect((await auditEntries(t.staff, { action: 'lead.follow_up' })).filter((e) => e.target === `quote:${theirs}`)).toHaveLength(1);
  });

  it('the morning follow-ups e-mail goes once per person and day, however many instances run', async () => {
    const db = t.database.db;
    const gus = await signedInPerson(t, 'sales', 'gus@northbridge-it.com.au');
    const ivy = await signedInPerson(t, 'sales', 'ivy@northbridge-it.com.au');
    for (const person of [gus, ivy]) {
      const chosen = await person.browser.req('put', '/api/admin/account/follow-up-email').send({ enabled: true });
      expect(chosen.body).toEqual({ enabled: true, message: LEAD_WORK_MESSAGES.followUpEmail.on });
    }
    // An Editor may not ask for it.
    const editor = await signedInPerson(t, 'editor', 'ed.follow@northbridge-it.com.au');
    expect((await editor.browser.req('put', '/api/admin/account/follow-up-email').send({ enabled: true })).status).toBe(403);
    const morning = new Date();
    const day = localDate(morning, t.config.TIME_ZONE);
    const gusLead = await insertQuote(db, { name: 'Gus Lead' });
    expect((await t.staff.req('put', `/api/admin/leads/quote/${gusLead}/assignee`).send({ assigneeId: gus.id })).status).toBe(200);
    expect(
      (await gus.browser.req('put', `/api/admin/leads/quote/${gusLead}/follow-up`).send({ on: day, note: 'Send the quote' })).status,
    ).toBe(200);
    // Ivy has nothing due: no e-mail for her.

    const second = await openTestDatabase(t.database.url);
    try {
      const options = (instance: typeof db) => ({
        db: instance,
        logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
        timeZone: t.config.TIME_ZONE,
        siteUrl: t.config.SITE_URL,
      });
      // From 7 am local time; "now" is pushed there when the test runs earlier in the company's day.
      const at = new Date(Math.max(morning.getTime(), startOfDay(day, t.config.TIME_ZONE).getTime() + 7 * 3_600_000 + 60_000));
      const before = new Date(startOfDay(day, t.config.TIME_ZONE).getTime() + 6 * 3_600_000);
      expect(await queueFollowUpEmails(options(db), before)).toBe(0);
      const runs = await Promise.all([
        queueFollowUpEmails(options(db), at),
        queueFollowUpEmails(options(second.db), at),
        queueFollowUpEmails(options(second.db), at),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await queueFollowUpEmails(options(db), at)).toBe(0);
    } finally {
      await second.drop();
    }
    // Queued at the morning's time, which may be later than the clock: due now for the worker.
    await db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('kind', '=', 'follow-up-email')
      .execute();
    const mails = (await mailFromOutbox(t)).filter((m) => mailHeader(m.raw, 'Subject')?.includes(' due '));
    expect(mails.map((m) => m.to)).toEqual([['gus@northbridge-it.com.au']]);
    const text = decodedMail(mailPart(mails[0]!.raw, 'text/plain')!);
    expect(text).toContain('Gus Lead');
    expect(text).toContain('Send the quote');
    expect(text).toContain(`${t.config.SITE_URL}/admin/leads/quote/${gusLead}`);
  });

  it('saved replies: unknown placeholders are refused in words; the lead page carries them, and filled they read as this lead', async () => {
    const una = await signedInPerson(t, 'sales', 'una@northbridge-it.com.au');
    const refused = await una.browser.req('post', '/api/admin/saved-replies').send({ name: 'Bad', body: 'Hi {nmae}' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields.body).toBe('{nmae} is not a placeholder: use {name}, {company}, {service} or {sender}.');
    const created = await una.browser
      .req('post', '/api/admin/saved-replies')
      .send({ name: 'Quote follow-up', body: 'Hi {name},\n\n{service} for {company}.\n\n{sender}' });
    expect(created.status).toBe(201);
    expect((await una.browser.req('post', '/api/admin/saved-replies').send({ name: 'Quote follow-up', body: 'Hi' })).status).toBe(409);
    const editor = await signedInPerson(t, 'editor', 'ed.saved@northbridge-it.com.au');
    expect((await editor.browser.req('get', '/api/admin/saved-replies')).status).toBe(403);

    const id = await insertQuote(t.database.db, { name: 'Fill Fiona', company: 'Fiona Co', service: 'web-hosting' });
    const page = (await adminPageData<LeadPageData>(una.browser, `/admin/leads/quote/${id}`))!;
    const saved = page.savedReplies.find((s) => s.name === 'Quote follow-up')!;
    const filled = fillSavedReply(saved.body, {
      name: page.name,
      company: page.company ?? '',
      service: serviceName(page.service),
      sender: 'una',
    });
    expect(filled).toBe('Hi Fill Fiona,\n\nWeb Hosting for Fiona Co.\n\nuna');

    const changed = await una.browser
      .req('put', `/api/admin/saved-replies/${saved.id}`)
      .send({ name: 'Quote follow-up', body: 'Hello {name}' });
    expect(changed.status).toBe(200);
    expect((await una.browser.req('delete', `/api/admin/saved-replies/${saved.id}`)).status).toBe(204);
    expect((await una.browser.req('delete', `/api/admin/saved-replies/${saved.id}`)).status).toBe(404);
  });

  it('the CSV carries "Assigned to", "Outcome" and "Value"', async () => {
    const id = await insertQuote(t.database.db, { name: 'Csv Carla', email: 'carla@csv.test', status: 'quoted' });
    expect((await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ status: 'won', value: 4200 })).status).toBe(200);
    expect((await t.staff.req('put', `/api/admin/leads/quote/${id}/assignee`).send({ assigneeId: await ownerId() })).status).toBe(200);
    const res = await t.staff.req('post', '/admin/leads/export.csv').send({ q: 'csv.test' });
    const [columns, cells] = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    expect(cells![columns!.indexOf(LEAD_WORK_TEXT.assignedTo)]).toBe(STAFF.name);
    expect(cells![columns!.indexOf(LEAD_WORK_MESSAGES.outcome)]).toBe('Won');
    expect(cells![columns!.indexOf(LEAD_WORK_TEXT.value)]).toBe('4200');
  });

  it('a personal data export holds the replies, and erasure removes them with the lead', async () => {
    const email = 'erase.me@example.net';
    const id = await insertContact(t.database.db, { email });
    // Sent by someone of their own: the Owner's replies this hour are spent by the tests above (REPLIES_PER_HOUR 3).
    const pat = await signedInPerson(t, 'sales', 'pat@northbridge-it.com.au');
    expect(
      (await pat.browser.req('post', `/api/admin/leads/contact/${id}/replies`).send({ subject: 'Re: your message', body: 'Private words' }))
        .status,
    ).toBe(201);
    const exported = await t.staff.req('post', '/api/admin/privacy/export').send({ email });
    expect(JSON.parse(exported.text).replies).toEqual([
      expect.objectContaining({ leadId: id, subject: 'Re: your message', body: 'Private words' }),
    ]);
    expect((await t.staff.req('post', '/api/admin/privacy/erase').send({ email })).status).toBe(200);
    expect(await t.database.db.selectFrom('lead_replies').select('id').where('lead_id', '=', id).execute()).toEqual([]);
  });

  it('the retention purge removes a lead’s replies with it', async () => {
    const old = await insertContact(t.database.db, { email: 'old.reply@example.net', createdAt: '2020-01-01T00:00:00.000Z' });
    const rex = await signedInPerson(t, 'sales', 'rex@northbridge-it.com.au');
    expect(
      (await rex.browser.req('post', `/api/admin/leads/contact/${old}/replies`).send({ subject: 'Re: your message', body: 'Old words' }))
        .status,
    ).toBe(201);
    await purgeExpiredLeads(t.database.db, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), 365, new Date());
    expect(await t.database.db.selectFrom('lead_replies').select('id').where('lead_id', '=', old).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('contacts').select('id').where('id', '=', old).execute()).toEqual([]);
  });

  /** A lead's outbox rows due at once, as they are once the worker's back-off has passed. */
  async function dueNow(leadId: string): Promise<void> {
    await t.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('lead_id', '=', leadId)
      .execute();
  }

  async function ownerId(): Promise<string> {
    return (await t.database.db.selectFrom('users').select('id').where('email', '=', STAFF.email).executeTakeFirstOrThrow()).id;
  }
});
