import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INBOX_MESSAGES, LEADS_TEXT } from '../../shared/admin-texts.ts';
import { outboxRow } from '../helpers/outbox-rows.ts';
import { STAFF, auditEntries, insertContact, insertQuote, leadDetail, signedInStaffApp } from '../helpers/admin-client.ts';
import { mailHeader } from '../helpers/mail-catcher.ts';
import { mailFromOutbox } from '../helpers/outbox-once.ts';
import { countOf } from '../helpers/dashboard-counts.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * The page as a person reads it: without the data the page hydrates from (a <script>), and without the comments
 * React puts between adjacent text parts in server HTML.
 */
const visibleText = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<!-- -->/g, '');

describe.each(configuredEngines())('leads in full on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  it('a note or reply whose writer has no account any more names the address stored with it', async () => {
    const id = await insertQuote(t.database.db, { name: 'Old History' });
    expect((await t.staff.req('post', `/api/admin/leads/quote/${id}/notes`).send({ body: 'Mine.' })).status).toBe(201);
    // A minute after the staff member's note, so the two never share a timestamp and the order is the history's.
    const at = new Date(Date.now() + 60_000).toISOString();
    const lead = {
      lead_type: 'quote',
      lead_id: id,
      author_id: null,
      author: 'gone@northbridge-it.com.au',
      body: 'Theirs.',
      created_at: at,
    };
    await t.database.db
      .insertInto('lead_notes')
      .values({ id: randomUUID(), ...lead })
      .execute();
    const outbox = outboxRow({ type: 'quote', id }, { kind: 'lead-reply' });
    await t.database.db.insertInto('outbox').values(outbox).execute();
    await t.database.db
      .insertInto('lead_replies')
      .values({ id: randomUUID(), ...lead, subject: 'Old reply', message_id: `<gone-${id}@example.net>`, outbox_id: outbox.id })
      .execute();
    const detail = (await leadDetail(t.staff, 'quote', id))!;
    expect(detail.notes.map((n) => [n.author, n.body])).toEqual([
      [STAFF.name, 'Mine.'],
      ['gone@northbridge-it.com.au', 'Theirs.'],
    ]);
    expect(detail.replies.map((r) => r.author)).toEqual(['gone@northbridge-it.com.au']);
  });

  it('staff add notes to a lead: a dated history with each author, audited, and never an edit', async () => {
    const id = await insertQuote(t.database.db, { name: 'Noted Lead' });
    const first = await t.staff.req('post', `/api/admin/leads/quote/${id}/notes`).send({ body: '  Called, left a message.  ' });
    expect(first.status).toBe(201);
    const second = await t.staff.req('post', `/api/admin/leads/quote/${id}/notes`).send({ body: 'Wants a site visit\non Friday.' });
    expect(second.body.notes.map((n: { body: string }) => n.body)).toEqual(['Called, left a message.', 'Wants a site visit\non Friday.']);
    for (const note of second.body.notes) {
      expect(note.author).toBe(STAFF.name);
      expect(Date.now() - Date.parse(note.createdAt)).toBeLessThan(60_000);
    }
    // The old single box is gone: a PATCH with notes changes nothing.
    await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ notes: 'overwrite' });
    const page = await t.staff.req('get', `/admin/leads/quote/${id}`);
    expect(page.text).toContain('Called, left a message.');
    expect(page.text).not.toContain('overwrite');
    expect(page.text).toMatch(/<strong>Sam Staff<\/strong>[\s\S]*?<time dateTime="[^"]+">/i);
    const audit = (await auditEntries(t.staff, { action: 'lead.note_added' })).map(({ target, actor }) => ({ target, actor }));
    expect(audit.filter((a) => a.target === `quote:${id}`)).toEqual([
      { target: `quote:${id}`, actor: STAFF.email },
      { target: `quote:${id}`, actor: STAFF.email },
    ]);
  });

  it('an empty or too long note is refused with a clear message, and a note for a missing lead is 404', async () => {
    const id = await insertContact(t.database.db, { name: 'Blank Note' });
    const empty = await t.staff.req('post', `/api/admin/leads/contact/${id}/notes`).send({ body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.fields.body).toBe(INBOX_MESSAGES.noteRequired);
    const long = await t.staff.req('post', `/api/admin/leads/contact/${id}/notes`).send({ body: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.details.fields.body).toBe(INBOX_MESSAGES.noteTooLong(10_000));
    expect((await t.staff.req('post', '/api/admin/leads/contact/no-such-lead/notes').send({ body: 'Hello' })).status).toBe(404);
    expect((await leadDetail(t.staff, 'contact', id))!.notes).toEqual([]);
  });

  it('erasing a lead deletes its notes from storage; a subject access export includes them', async () => {
    const db = t.database.db;
    const id = await insertContact(db, { name: 'Private Person', email: 'private@notes.test' });
    await t.staff.req('post', `/api/admin/leads/contact/${id}/notes`).send({ body: 'Asked us to call after 5 pm.' });
    const exported = await t.staff.req('post', '/api/admin/privacy/export').send({ email: 'private@notes.test' });
    expect(exported.status).toBe(200);
    expect(exported.body.notes).toEqual([
      expect.objectContaining({ leadType: 'contact', leadId: id, body: 'Asked us to call after 5 pm.' }),
    ]);
    expect((await t.staff.req('delete', `/api/admin/leads/contact/${id}`)).status).toBe(204);
    expect(await db.selectFrom('lead_notes').select('id').where('lead_id', '=', id).execute()).toEqual([]);
  });

  it('spam is left out of the counts, the recent five and the chart, and marked as spam in the inbox', async () => {
    const db = t.database.db;
    const before = await t.staff.req('get', '/admin/dashboard');
    const quotesBefore = countOf(before.text, 'Quote requests');
    await insertQuote(db, { name: 'Spam Newest', status: 'spam', spamReason: 'honeypot', email: 'spam1@spam.test' });
    await insertQuote(db, { name: 'Maybe Spam', status: 'spam', spamReason: 'too-fast', email: 'spam2@spam.test' });
    await insertContact(db, { name: 'Marked Spam', status: 'spam', email: 'spam3@spam.test' });
    const after = await t.staff.req('get', '/admin/dashboard');
    expect(countOf(after.text, 'Quote requests')).toBe(quotesBefore);
    expect(after.text).not.toContain('Spam Newest');
    expect(after.text).not.toContain('Maybe Spam');
    expect(visibleText(after.text)).toContain(
      `Leads per week over the last 12 weeks (${countOf(after.text, 'Quote requests') + countOf(after.text, 'Contact messages')} in total)`,
    );
    const inbox = await t.staff.req('get', '/admin/leads?q=spam.test');
    expect(inbox.text).toMatch(/Spam Newest[\s\S]*?<span class="badge badge-spam">Spam<\/span>/);
    expect(inbox.text).toMatch(/Maybe Spam[\s\S]*?<span class="badge badge-spam">Possible spam<\/span>/);
    expect(inbox.text.match(/class="row-link is-spam"/g)).toHaveLength(3);
  });

  it('"not spam" on a lead held for being fast queues its notifications once, clears the reason and is audited', async () => {
    const db = t.database.db;
    const id = await insertQuote(db, { name: 'Fast Typist', status: 'spam', spamReason: 'too-fast', email: 'fast@typist.test' });
    const page = await t.staff.req('get', `/admin/leads/quote/${id}`);
    expect(page.text).toContain(INBOX_MESSAGES.possibleSpam);
    expect(page.text).toContain(`>${INBOX_MESSAGES.notSpamAction}</button>`);

    const res = await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ status: 'new' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'new', spamReason: null });
    const queued = (await leadDetail(t.staff, 'quote', id))!.notifications.map((n) => [n.kind, n.status]).sort();
    expect(queued).toEqual([
      ['customer-email', 'pending'],
      ['staff-email', 'pending'],
    ]);
    // The staff e-mail as it arrives.
    const received = await mailFromOutbox(t);
    const subject = 'New quote request: Web Hosting from Fast Typist';
    const staffMail = received.find((m) => m.to.includes(t.config.STAFF_EMAIL) && mailHeader(m.raw, 'Subject') === subject);
    expect(staffMail).toBeDefined();
    expect(mailHeader(staffMail!.raw, 'Reply-To')).toBe('fast@typist.test');
    const audit = await auditEntries(t.staff, { action: 'lead.not_spam' });
    expect(audit.map((a) => a.target)).toContain(`quote:${id} spam → new, 2 notifications queued`);

    // Marked spam by staff and back: its notifications went when it arrived, so none are queued again.
    await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ status: 'spam' });
    await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ status: 'new' });
    expect((await leadDetail(t.staff, 'quote', id))!.notifications).toHaveLength(2);
  });

  it('a status change made from a stale read is refused, so a lead is never released twice', async () => {
    const db = t.database.db;
    const id = await insertContact(db, { name: 'Raced Lead', status: 'spam', spamReason: 'too-fast' });
    const [a, b] = await Promise.all([
      t.staff.req('patch', `/api/admin/leads/contact/${id}`).send({ status: 'new' }),
      t.staff.req('patch', `/api/admin/leads/contact/${id}`).send({ status: 'new' }),
    ]);
    expect([a.status, b.status].sort()).toContain(200);
    for (const r of [a, b]) if (r.status !== 200) expect(r.body.error.message).toBe(INBOX_MESSAGES.leadChangedMeanwhile);
    const rows = (await leadDetail(t.staff, 'contact', id))!.notifications;
    expect(rows.filter((r) => r.kind === 'staff-email')).toHaveLength(1);
  });

  it('without SMTP the dashboard says how many e-mails wait and why, never "All notifications were delivered."', async () => {
    const db = t.database.db;
    await db.deleteFrom('outbox').execute();
    const clean = await t.staff.req('get', '/admin/dashboard');
    expect(clean.text).toContain(INBOX_MESSAGES.allDelivered);
    const lead = await insertQuote(db, { name: 'Waiting Mail' });
    await db
      .insertInto('outbox')
      .values([
        outboxRow({ type: 'quote', id: lead }, { id: 'ob-wait-1' }),
        outboxRow({ type: 'quote', id: lead }, { id: 'ob-wait-2', kind: 'customer-email' }),
      ])
      .execute();
    const page = await t.staff.req('get', '/admin/dashboard');
    expect(page.text).not.toContain(INBOX_MESSAGES.allDelivered);
    expect(visibleText(page.text)).toContain(INBOX_MESSAGES.emailsWaitForSmtp(2));
    expect(INBOX_MESSAGES.emailsWaitForSmtp(2)).toMatch(/^2 e-mails are waiting: e-mail sending is not configured \(SMTP_URL\)/);
    await db.deleteFrom('outbox').execute();
  });

  it('the dashboard lists every waiting lead under its count, with its status and age, overdue past the promise', async () => {
    const db = t.database.db;
    await db.updateTable('quotes').set({ status: 'won' }).where('status', '=', 'new').execute();
    await db.updateTable('contacts').set({ status: 'won' }).where('status', '=', 'new').execute();
    await insertQuote(db, { name: 'Recent Waiting', createdAt: ago(3 * HOUR) });
    await insertContact(db, { name: 'Old Waiting', createdAt: ago(30 * HOUR) });
    const html = visibleText((await t.staff.req('get', '/admin/dashboard')).text);
    const waiting = html.slice(html.indexOf('Waiting for a reply ('), html.indexOf(LEADS_TEXT.notifications));
    // The count and the list it heads agree, though the new quote is in the table above too.
    expect(waiting.match(/<li[ >]/g)).toHaveLength(2);
    expect(waiting).toContain('Recent Waiting');
    expect(waiting).toContain('Old Waiting');
    expect(html).toMatch(/Recent Waiting[\s\S]*?<span class="badge badge-new">New<\/span> <span class="lead-age">3 h ago<\/span>/);
    expect(html).toMatch(/Old Waiting[\s\S]*?<span class="lead-age">30 h ago<\/span> <strong class="badge badge-danger">Overdue<\/strong>/);
    expect(html).toContain('Waiting for a reply (2)');
    expect(html).not.toContain('waiting leads</a>');
    for (let i = 0; i < 10; i += 1) await insertContact(db, { name: `Queue ${i}`, createdAt: ago(2 * HOUR) });
    const full = visibleText((await t.staff.req('get', '/admin/dashboard')).text);
    expect(full).toContain('Waiting for a reply (12)');
    expect(full).toContain('<a href="/admin/leads?status=new">All 12 waiting leads</a>');
  });
});

describe.each(configuredEngines())('delivery with SMTP configured on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine, env: { SMTP_URL: 'smtp://127.0.0.1:9' } }));

  it('pending e-mails are reported as queued, not as delivered and not as missing SMTP', async () => {
    const lead = await insertQuote(t.database.db, { name: 'Queued Mail' });
    await t.database.db
      .insertInto('outbox')
      .values(outboxRow({ type: 'quote', id: lead }, { id: 'ob-queued' }))
      .execute();
    const page = visibleText((await t.staff.req('get', '/admin/dashboard')).text);
    expect(page).toContain(INBOX_MESSAGES.queued(1));
    expect(page).not.toContain(INBOX_MESSAGES.allDelivered);
    expect(page).not.toContain('SMTP_URL');
  });
});
