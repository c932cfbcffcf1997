import { describe, expect, it } from 'vitest';
import { failedOutboxRow, outboxRow } from '../helpers/outbox-rows.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { auditEntries, inboxLeads, insertContact, insertQuote, leadDetail, signedInStaffApp } from '../helpers/admin-client.ts';
import { countOf } from '../helpers/dashboard-counts.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(configuredEngines())('admin dashboard and leads inbox on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  it('staff see counts from the database, the 5 newest quotes and overdue leads highlighted', async () => {
    const db = t.database.db;
    for (let i = 0; i < 7; i += 1) {
      await insertQuote(db, { name: `Dash Quote ${i}`, createdAt: ago((10 - i) * HOUR), status: i < 2 ? 'contacted' : 'new' });
    }
    await insertContact(db, { name: 'Dash Contact Old', createdAt: ago(30 * HOUR) });
    await insertContact(db, { name: 'Dash Contact Fresh', createdAt: ago(HOUR), status: 'new' });
    const now = new Date().toISOString();
    const post = (id: string, published: number, at: string) => ({
      id,
      slug: id,
      title: id,
      excerpt: 'e',
      content: '<p>c</p>',
      author: 'a',
      tags: '[]',
      featured_image: null,
      published,
      published_at: at,
      created_at: now,
      updated_at: now,
      read_time: 1,
      search_text: id,
    });
    await db
      .insertInto('blogs')
      .values([
        post('dash-live-1', 1, ago(HOUR)),
        post('dash-live-2', 1, ago(2 * HOUR)),
        post('dash-draft', 0, now),
        post('dash-later', 1, new Date(Date.now() + 48 * HOUR).toISOString()),
      ])
      .execute();

    const res = await t.staff.req('get', '/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(countOf(res.text, 'Quote requests')).toBe(7);
    expect(countOf(res.text, 'Contact messages')).toBe(2);
    expect(countOf(res.text, 'Published posts')).toBe(2);
    expect(countOf(res.text, 'Drafts')).toBe(1);
    expect(countOf(res.text, 'Scheduled posts')).toBe(1);

    const recent = res.text.slice(res.text.indexOf('id="recent-heading"'), res.text.indexOf('id="new-heading"'));
    const names = [...recent.matchAll(/>(Dash Quote \d)</g)].map((m) => m[1]);
    expect(names).toEqual(['Dash Quote 6', 'Dash Quote 5', 'Dash Quote 4', 'Dash Quote 3', 'Dash Quote 2']);
    expect(recent).toMatch(/href="\/admin\/leads\/quote\/[0-9a-f-]{36}"/);
    expect(recent).toContain('Web Hosting');

    const waiting = res.text.slice(res.text.indexOf('id="new-heading"'), res.text.indexOf('id="outbox-heading"'));
    expect(waiting).toContain('Waiting for a reply (<!-- -->7<!-- -->)');
    expect(waiting).toMatch(/<li class="overdue"><a [^>]+>Dash Contact Old<\/a>/);
    expect(waiting).toMatch(/<li><a [^>]+>Dash Contact Fresh<\/a>/);
    expect(waiting).not.toContain('Dash Quote 0');

    expect(res.text).toMatch(/<svg viewBox="0 0 640 220" aria-hidden="true"/);
    expect(res.text).toContain('Leads per week over the last 12 weeks (<!-- -->9<!-- --> in total)');
    expect(res.text).toContain('<summary>Show the numbers</summary>');
  });

  it('a failed notification shows on the dashboard and staff can send it again', async () => {
    const db = t.database.db;
    const leadId = await insertQuote(db, { name: 'Outbox Owner' });
    const past = ago(HOUR);
    await db
      .insertInto('outbox')
      .values(failedOutboxRow({ type: 'quote', id: leadId }, past, { id: 'ob-failed-1' }))
      .execute();
    const page = await t.staff.req('get', '/admin/dashboard');
    expect(page.text).toContain('SMTP 554 rejected');
    const before = await t.staff.req('get', `/admin/leads/quote/${leadId}`);
    expect(before.text).toMatch(/Email to staff<\/strong>: (<!-- -->)?failed[\s\S]*?SMTP 554 rejected[\s\S]*?>Retry<\/button>/);
    const res = await t.staff.req('post', '/api/admin/outbox/ob-failed-1/retry').send({});
    expect(res.status).toBe(200);
    const row = (await leadDetail(t.staff, 'quote', leadId))!.notifications.find((n) => n.id === 'ob-failed-1')!;
    expect(row.status).toBe('pending');
    expect(Date.parse(row.nextAttemptAt)).toBeGreaterThan(Date.parse(past));
    const lead = await t.staff.req('get', `/admin/leads/quote/${leadId}`);
    expect(lead.text).toMatch(/Email to staff<\/strong>: (<!-- -->)?waiting to be sent/);
  });

  it('the dashboard counts every failed notification, and "Retry all now" queues them all but the one being sent (its claim checked in storage)', async () => {
    const db = t.database.db;
    await db.deleteFrom('outbox').execute();
    const leadId = await insertQuote(db, { name: 'Many Failures' });
    const past = ago(HOUR);
    const soon = new Date(Date.now() + HOUR).toISOString();
    const row = (i: number, extra: Record<string, unknown>) => ({
      id: `ob-many-${i}`,
      kind: 'customer-email',
      lead_type: 'quote',
      lead_id: leadId,
      payload: '{}',
      status: 'failed',
      attempts: 10,
      next_attempt_at: past,
      locked_until: null,
      last_error: 'SMTP 550 mailbox unavailable',
      delivered_at: null,
      created_at: ago(HOUR + i),
      ...extra,
    });
    await db
      .insertInto('outbox')
      .values([
        ...Array.from({ length: 12 }, (_, i) => row(i, {})),
        // Waiting to be retried after an outage: listed and counted too.
        row(12, { status: 'pending', attempts: 3, last_error: 'connect ECONNREFUSED', next_attempt_at: soon }),
        // A worker is sending this one right now: its claim is left alone.
        row(13, { status: 'pending', attempts: 3, last_error: 'connect ECONNREFUSED', locked_until: soon, claim_token: 'another-worker' }),
        row(14, { status: 'delivered', last_error: null, delivered_at: past }),
      ])
      .execute();
    const page = await t.staff.req('get', '/admin/dashboard');
    expect(page.text).toMatch(/Notification failures \((<!-- -->)?14(<!-- -->)?\)/);
    expect(page.text).toMatch(/The (<!-- -->)?10(<!-- -->)? newest of (<!-- -->)?14/);
    expect(page.text).toContain('>Retry all now</button>');

    expect((await t.staff.req('post', '/api/admin/outbox/retry', { csrf: false }).send({})).status).toBe(403);
    const res = await t.staff.req('post', '/api/admin/outbox/retry').send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requeued: 13, message: '13 notifications will be sent again shortly.' });
    const shown = (await leadDetail(t.staff, 'quote', leadId))!.notifications;
    const byId = Object.fromEntries(shown.map((n) => [n.id, n]));
    for (let i = 0; i <= 12; i += 1) {
      expect(byId[`ob-many-${i}`]).toMatchObject({ status: 'pending' });
      expect(Date.parse(byId[`ob-many-${i}`]!.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    }
    expect(byId['ob-many-13']).toMatchObject({ status: 'pending', nextAttemptAt: past });
    expect(byId['ob-many-14']).toMatchObject({ status: 'delivered' });
    // Storage check: the other worker's lease (never shown to staff) is untouched.
    const claimed = await db
      .selectFrom('outbox')
      .select(['locked_until', 'claim_token'])
      .where('id', '=', 'ob-many-13')
      .executeTakeFirstOrThrow();
    expect(claimed).toEqual({ locked_until: soon, claim_token: 'another-worker' });
    expect((await t.staff.req('post', '/api/admin/outbox/ob-many-13/retry').send({})).status).toBe(404);
    const [audit] = await auditEntries(t.staff, { action: 'outbox.retried-all' });
    expect(audit).toMatchObject({ target: '13 notifications', actor: 'staff@northbridge-it.com.au' });
    await db.deleteFrom('outbox').where('lead_id', '=', leadId).execute();
  });

  it('the inbox filters by type, status, service, date range and search, newest first', async () => {
    const db = t.database.db;
    const a = await insertQuote(db, {
      name: 'Filter Alpha',
      email: 'alpha@filter.test',
      service: 'datacenter',
      createdAt: '2026-03-10T01:00:00.000Z',
      details: { serverCount: 4 },
    });
    const b = await insertQuote(db, {
      name: 'Filter Beta',
      email: 'beta@filter.test',
      company: 'Beta_Works',
      service: 'datacenter',
      status: 'won',
      createdAt: '2026-03-12T01:00:00.000Z',
    });
    const c = await insertContact(db, {
      name: 'Filter Gamma',
      email: 'gamma@filter.test',
      company: 'BETA Partners',
      createdAt: '2026-03-11T01:00:00.000Z',
    });
    const ids = async (query: string) =>
      ((await t.staff.req('get', `/api/admin/leads?${query}`)).body.leads as Array<{ id: string }>).map((l) => l.id);
    expect(await ids('q=filter.test')).toEqual([b, c, a]);
    expect(await ids('q=filter.test&type=contact')).toEqual([c]);
    expect(await ids('q=filter.test&status=won')).toEqual([b]);
    expect(await ids('q=filter.test&service=datacenter')).toEqual([b, a]);
    expect(await ids('q=beta')).toEqual([b, c]);
    expect(await ids('q=Beta_')).toEqual([b]);
    expect(await ids('q=%25')).toEqual([]);
    // Sydney dates: 11 March runs from 10 March 13:00 UTC to 11 March 13:00 UTC.
    expect(await ids('q=filter.test&from=2026-03-11&to=2026-03-11')).toEqual([c]);
    expect(await ids('q=filter.test&from=2026-03-11')).toEqual([b, c]);
    expect(await ids('q=filter.test&type=nonsense&status=')).toEqual([b, c, a]);
    const page = await t.staff.req('get', '/admin/leads?q=filter.test&type=quote');
    expect(page.text).toContain('Filter Alpha');
    expect(page.text).not.toContain('Filter Gamma');
  });

  it('the inbox pages by keyset: no lead twice, none left out', async () => {
    const db = t.database.db;
    const made = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      made.add(
        await insertQuote(db, {
          name: `Pager ${i}`,
          email: `p${i}@pager.test`,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i % 20)).toISOString(),
        }),
      );
    }
    const first = await t.staff.req('get', '/api/admin/leads?q=pager.test');
    expect(first.body.leads).toHaveLength(25);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await t.staff.req('get', `/api/admin/leads?q=pager.test&cursor=${first.body.nextCursor}`);
    expect(second.body.leads).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const seen = [...first.body.leads, ...second.body.leads].map((l: { id: string }) => l.id);
    expect(new Set(seen)).toEqual(made);
    const html = await t.staff.req('get', '/admin/leads?q=pager.test');
    expect(html.text).toContain(`cursor=${first.body.nextCursor}`);
    expect((await t.staff.req('get', '/api/admin/leads?cursor=not-a-cursor')).status).toBe(400);
    expect((await t.staff.req('get', '/admin/leads?cursor=not-a-cursor')).status).toBe(404);
  });

  it('staff work a lead along the status workflow; a jump outside it is refused and changes are audited', async () => {
    const id = await insertQuote(t.database.db, { name: 'Workflow Lead' });
    // "Won" takes its value (docs/product.md#lead-work).
    const step = (status: string) =>
      t.staff.req('patch', `/api/admin/leads/quote/${id}`).send(status === 'won' ? { status, value: 1000 } : { status });
    const jump = await step('won');
    expect(jump.status).toBe(400);
    expect(jump.body.error.message).toBe('That status change is not allowed.');
    const nothing = await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({});
    expect(nothing.status).toBe(200);
    expect(nothing.body.status).toBe('new');
    for (const status of ['contacted', 'quoted', 'won']) {
      const res = await step(status);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const audit = (await auditEntries(t.staff, { action: 'lead.status' })).filter((e) => e.target?.startsWith(`quote:${id}`));
    expect(audit.map((r) => r.target).sort()).toEqual([
      `quote:${id} contacted → quoted`,
      `quote:${id} new → contacted`,
      `quote:${id} quoted → won`,
    ]);
    const spam = await insertContact(t.database.db, { name: 'Spammy' });
    expect((await t.staff.req('patch', `/api/admin/leads/contact/${spam}`).send({ status: 'spam' })).body.status).toBe('spam');
    expect((await t.staff.req('patch', `/api/admin/leads/contact/${spam}`).send({ status: 'new' })).body.status).toBe('new');
  });

  it("a lead's page shows every field with readable labels, and a <script> a visitor typed as text", async () => {
    const id = await insertQuote(t.database.db, {
      name: '<script>alert("x")</script>',
      description: '<img src=x onerror=alert(1)>',
      service: 'datacenter',
      details: { serverCount: 12, storageSize: 40, rackSpace: 8, redundancy: 'High' },
    });
    const res = await t.staff.req('get', `/admin/leads/quote/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    for (const label of [
      'Full Name',
      'Email',
      'Project description',
      'Number of servers',
      'Storage size (TB)',
      'Rack space (U)',
      'Redundancy',
    ]) {
      expect(res.text).toContain(`<dt>${label}</dt>`);
    }
    expect(res.text).toContain('<dd>40 TB</dd>');
    expect((await t.staff.req('get', '/admin/leads/quote/no-such-id')).status).toBe(404);
  });

  it('the CSV export holds the filtered list with formula cells neutralised, and is audited', async () => {
    await insertQuote(t.database.db, {
      name: '=HYPERLINK("http://evil.example","x")',
      email: 'csv@export.test',
      company: '+61 2 9999 0000',
    });
    await insertContact(t.database.db, { name: '@SUM(A1)', email: 'csv2@export.test', company: '-5' });
    // Spreadsheets skip leading spaces and line breaks before a formula.
    await insertContact(t.database.db, { name: '  =1+1', email: 'csv3@export.test', company: '\n=cmd' });
    const res = await t.staff.req('post', '/admin/leads/export.csv').send({ q: 'export.test' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^"Type","Received \(Australia\/Sydney\)","Status","Assigned to","Outcome","Value","Follow up on","Service","Full Name","Email","Company",/,
    );
    expect(res.text).toContain(`"'  =1+1"`);
    expect(res.text).toContain(`"'\n=cmd"`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.text).toContain(`"'+61 2 9999 0000"`);
    expect(res.text).toContain(`"'@SUM(A1)"`);
    expect(res.text).toContain(`"'-5"`);
    // The entry counts what the filter held and says there was a search, without its words.
    const [audit] = await auditEntries(t.staff, { action: 'leads.exported' });
    expect(audit!.sentence).toEqual(['Exported 3 leads (matching a search)']);
    expect(audit!.target).not.toContain('export.test');
  });

  it('the CSV gives where each lead came from beside the common fields, and each service’s questions after them', async () => {
    const db = t.database.db;
    const id = await insertQuote(db, { name: 'Sourced Sally', email: 'sally@source.test' });
    await db
      .insertInto('lead_attributions')
      .values({
        lead_type: 'quote',
        lead_id: id,
        day: '2026-11-20',
        channel: 'email',
        referrer_host: 'mail.example.org',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
        landing_path: '/services',
        pages_viewed: 2,
        seconds_to_lead: 90,
        visitor: null,
      })
      .execute();
    await insertContact(db, { name: 'Unsourced Uma', email: 'uma@source.test' });
    const res = await t.staff.req('post', '/admin/leads/export.csv').send({ q: 'source.test' });
    expect(res.status).toBe(200);
    const [header, ...rows] = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    const at = (name: string) => header!.indexOf(name);
    expect(header!.slice(at('Company'), at('Lead ID') + 1)).toEqual(
      expect.arrayContaining(['Channel', 'Source', 'Campaign', 'Landing page', "Sent at (visitor's clock)"]),
    );
    for (const column of ['Channel', 'Source', 'Campaign', 'Landing page', "Sent at (visitor's clock)", 'Lead ID']) {
      expect(at(column), column).toBeGreaterThan(at('Message'));
      expect(at(column), column).toBeLessThan(at('Number of servers'));
    }
    const sally = rows.find((r) => r.includes('Sourced Sally'))!;
    expect([sally[at('Channel')], sally[at('Source')], sally[at('Campaign')], sally[at('Landing page')]]).toEqual([
      'E-mail',
      'mail.example.org',
      'spring · newsletter / email',
      '/services',
    ]);
    const uma = rows.find((r) => r.includes('Unsourced Uma'))!;
    expect([uma[at('Channel')], uma[at('Source')], uma[at('Campaign')], uma[at('Landing page')]]).toEqual(['', '', '', '']);
  });

  it('staff delete a lead: it is gone, its notification rows are deleted from storage, and the audit says who', async () => {
    const db = t.database.db;
    const id = await insertContact(db, { name: 'Erase Me' });
    await db
      .insertInto('outbox')
      .values(outboxRow({ type: 'contact', id }, { id: 'ob-erase', kind: 'customer-email', payload: '{"to":"erase@example.com"}' }))
      .execute();
    const res = await t.staff.req('delete', `/api/admin/leads/contact/${id}`);
    expect(res.status).toBe(204);
    expect((await inboxLeads(t.staff, '?type=contact')).map((l) => l.id)).not.toContain(id);
    expect(await db.selectFrom('outbox').select('id').where('lead_id', '=', id).execute()).toEqual([]);
    expect((await t.staff.req('get', `/admin/leads/contact/${id}`)).status).toBe(404);
    expect((await t.staff.req('delete', `/api/admin/leads/contact/${id}`)).status).toBe(404);
    const [audit] = await auditEntries(t.staff, { action: 'lead.deleted' });
    expect(audit).toMatchObject({ target: `contact:${id}`, actor: 'staff@northbridge-it.com.au' });
  });

  it('the audit log page lists sign-ins and changes, newest first', async () => {
    const res = await t.staff.req('get', '/admin/audit');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Signed in');
    expect(res.text).toContain('Deleted lead');
    expect(res.text).toContain('Exported leads');
    const api = await t.staff.req('get', '/api/admin/audit');
    expect(api.body.entries[0].action).toBe('lead.deleted');
  });
});
