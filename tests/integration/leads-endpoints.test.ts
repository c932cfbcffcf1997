import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { SERVICE_IDS } from '../../shared/services.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha, submissionTimes } from '../helpers/leads.ts';
import { configuredEngines, createTestApp } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

describe.each(configuredEngines())('lead endpoints on %s', (engine) => {
  const t = useTestApp(() => createTestApp({ engine, env: LEAD_TEST_ENV }));

  async function token(): Promise<string> {
    const res = await request(t.app).get('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return solveAltcha(res.body as Challenge);
  }

  async function call(name: string, data: Record<string, unknown>) {
    return request(t.app).post(`/functions/${name}`).send({ data: { ...data, 'g-recaptcha-response': await token() } });
  }

  it('visitor sends a contact message: stored as new, with staff and visitor e-mails queued', async () => {
    const res = await call('submitContact', goodContact());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { success: true, id: expect.any(String) } });
    const row = await t.database.db.selectFrom('contacts').selectAll().where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'network-security', status: 'new' });
    expect(row.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const outbox = await t.database.db.selectFrom('outbox').selectAll().where('lead_id', '=', row.id).execute();
    expect(outbox.map((o) => o.kind).sort()).toEqual(['customer-email', 'staff-email']);
    expect(outbox.every((o) => o.status === 'pending' && o.lead_type === 'contact')).toBe(true);
  });

  it.each(SERVICE_IDS)('visitor requests a quote for %s: fields in columns, service fields in details', async (service) => {
    const res = await call('submitQuote', goodQuote(service));
    expect(res.status).toBe(200);
    const row = await t.database.db.selectFrom('quotes').selectAll().where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service, name: 'Grace Hopper', company_size: '11-50', start_date: '2027-01-10', status: 'new' });
    expect(Object.keys(JSON.parse(row.details)).sort()).toEqual(QUOTE_FIELDS[service].map((f) => f.name).sort());
    const kinds = await t.database.db.selectFrom('outbox').select('kind').where('lead_id', '=', row.id).execute();
    expect(kinds).toHaveLength(2);
  });

  it('staff e-mail lists service fields with readable labels and escapes what the visitor typed', async () => {
    const res = await call('submitQuote', goodQuote('datacenter', { description: '<script>alert(1)</script>' }));
    const staff = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('lead_id', '=', res.body.result.id)
      .where('kind', '=', 'staff-email')
      .executeTakeFirstOrThrow();
    const mail = JSON.parse(staff.payload) as { text: string; html: string; subject: string };
    expect(mail.subject).toBe('New quote request: Datacenter Solutions from Grace Hopper');
    expect(mail.text).toContain('Storage size (TB): 12 TB');
    expect(mail.text).toContain(`https://www.example.com.au/admin/leads/quote/${res.body.result.id}`);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it.each([
    ['a filled honeypot', { website: 'http://spam.example' }, 'honeypot'],
    ['a form sent one second after it was shown', submissionTimes(1_000), 'too-fast'],
  ])('a bot that trips %s is answered success, stored as spam with its reason, and notifies no one', async (_label, overrides, reason) => {
    const res = await call('submitContact', goodContact(overrides));
    expect(res.status).toBe(200);
    expect(res.body.result.success).toBe(true);
    const row = await t.database.db.selectFrom('contacts').select(['status', 'spam_reason']).where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'spam', spam_reason: reason });
    const outbox = await t.database.db.selectFrom('outbox').select('id').where('lead_id', '=', res.body.result.id).execute();
    expect(outbox).toEqual([]);
  });

  it.each([
    ['script tags', '<script>alert("x")</script><img src=x onerror=alert(1)>'],
    ['SQL-looking text', "Robert'); DROP TABLE contacts;-- OR 1=1"],
    ['emoji and accents', 'Zoë 🚀 née Ångström 👩🏽‍💻'],
  ])('text with %s is stored exactly as typed', async (_label, text) => {
    const res = await call('submitContact', goodContact({ name: text.slice(0, 100), message: text }));
    expect(res.status).toBe(200);
    const row = await t.database.db.selectFrom('contacts').selectAll().where('id', '=', res.body.result.id).executeTakeFirstOrThrow();
    expect(row.message).toBe(text);
    expect(row.name).toBe(text.slice(0, 100));
  });
});

describe.each(configuredEngines())('lead endpoints without a database on %s', (engine) => {
  it('answers 503 when the database is unavailable, and nothing claims success', async () => {
    const broken = await createTestApp({ engine, env: LEAD_TEST_ENV });
    const challenge = await request(broken.app).get('/api/captcha/challenge');
    const captcha = await solveAltcha(challenge.body as Challenge);
    await broken.database.db.destroy();
    const res = await request(broken.app).post('/functions/submitContact').send({ data: { ...goodContact(), 'g-recaptcha-response': captcha } });
    expect(res.status).toBe(503);
    expect(res.body.error.status).toBe('UNAVAILABLE');
    await broken.close().catch(() => {});
  });
});
