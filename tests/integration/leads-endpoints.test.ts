import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { SERVICE_IDS } from '../../shared/services.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha, submissionTimes } from '../helpers/leads.ts';
import { configuredEngines, createTestApp } from '../helpers/test-app.ts';
import { leadDetail, signedInStaffApp } from '../helpers/admin-client.ts';
import { MailCatcher, type Received, mailHeader, mailPart } from '../helpers/mail-catcher.ts';
import { deliverOutboxOnce } from '../helpers/outbox-once.ts';
import type { LeadDetail, LeadType } from '../../shared/admin.ts';
import { useTestApp } from '../helpers/suite-app.ts';

describe.each(configuredEngines())('lead endpoints on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine, env: LEAD_TEST_ENV }));

  /** The lead's page in the inbox, as staff open it. */
  async function lead(type: LeadType, id: string): Promise<LeadDetail> {
    const detail = await leadDetail(t.staff, type, id);
    expect(detail).not.toBeNull();
    return detail!;
  }

  /** The value staff read beside a field of the lead. */
  const field = (detail: LeadDetail, name: string) => detail.fields.find((f) => f.name === name)?.value;

  async function token(): Promise<string> {
    const res = await request(t.app).get('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return solveAltcha(res.body as Challenge);
  }

  async function call(name: string, data: Record<string, unknown>) {
    return request(t.app)
      .post(`/functions/${name}`)
      .send({ data: { ...data, 'g-recaptcha-response': await token() } });
  }

  it('visitor sends a contact message: stored as new, with staff and visitor e-mails queued', async () => {
    const res = await call('submitContact', goodContact());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { success: true, id: expect.any(String) } });
    const contact = await lead('contact', res.body.result.id);
    expect(contact).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'network-security', status: 'new' });
    expect(contact.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(contact.notifications.map((n) => n.kind).sort()).toEqual(['customer-email', 'staff-email']);
    expect(contact.notifications.every((n) => n.status === 'pending')).toBe(true);
  });

  it.each(SERVICE_IDS)('visitor requests a quote for %s: fields in columns, service fields in details', async (service) => {
    const res = await call('submitQuote', goodQuote(service));
    expect(res.status).toBe(200);
    const quote = await lead('quote', res.body.result.id);
    expect(quote).toMatchObject({ service, name: 'Grace Hopper', status: 'new' });
    expect(field(quote, 'companySize')).toBe('11-50 employees');
    expect(field(quote, 'startDate')).toBe('10 January 2027');
    const serviceFields = QUOTE_FIELDS[service].map((f) => f.name);
    expect(
      quote.fields
        .filter((f) => serviceFields.includes(f.name))
        .map((f) => f.name)
        .sort(),
    ).toEqual([...serviceFields].sort());
    expect(quote.notifications).toHaveLength(2);
  });

  it('staff e-mail lists service fields with readable labels and escapes what the visitor typed', async () => {
    const smtp = new MailCatcher();
    await smtp.start();
    let id: string | undefined;
    let staff: Received | undefined;
    try {
      // Earlier tests' notifications go out first, so only this lead's e-mails are caught after.
      await deliverOutboxOnce(t, smtp.port);
      smtp.received = [];
      const res = await call('submitQuote', goodQuote('datacenter', { description: '<script>alert(1)</script>' }));
      id = res.body.result.id;
      await deliverOutboxOnce(t, smtp.port);
      expect(smtp.received).toHaveLength(2);
      staff = smtp.received.find((m) => m.to.includes(t.config.STAFF_EMAIL));
    } finally {
      await smtp.stop();
    }
    expect(staff).toBeDefined();
    const mail = {
      subject: mailHeader(staff!.raw, 'Subject'),
      text: mailPart(staff!.raw, 'text/plain') ?? '',
      html: mailPart(staff!.raw, 'text/html') ?? '',
    };
    expect(mail.subject).toBe('New quote request: Datacenter Solutions from Grace Hopper');
    expect(mail.text).toContain('Storage size (TB): 12 TB');
    expect(id).toBeDefined();
    expect(mail.text).toContain(`https://www.example.com.au/admin/leads/quote/${id!}`);
    // When it came in, in words and the company's time zone, as the admin shows it.
    expect(mail.text).toMatch(/^Received: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s[ap]m$/m);
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
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
    const contact = await lead('contact', res.body.result.id);
    expect({ status: contact.status, spamReason: contact.spamReason }).toEqual({ status: 'spam', spamReason: reason });
    expect(contact.notifications).toEqual([]);
  });

  it.each([
    ['script tags', '<script>alert("x")</script><img src=x onerror=alert(1)>'],
    ['SQL-looking text', "Robert'); DROP TABLE contacts;-- OR 1=1"],
    ['emoji and accents', 'Zoë 🚀 née Ångström 👩🏽‍💻'],
  ])('text with %s is stored exactly as typed', async (_label, text) => {
    const res = await call('submitContact', goodContact({ name: text.slice(0, 100), message: text }));
    expect(res.status).toBe(200);
    const contact = await lead('contact', res.body.result.id);
    expect(field(contact, 'message')).toBe(text);
    expect(contact.name).toBe(text.slice(0, 100));
  });
});

describe.each(configuredEngines())('lead endpoints without a database on %s', (engine) => {
  it('answers 503 when the database is unavailable, and nothing claims success', async () => {
    const broken = await createTestApp({ engine, env: LEAD_TEST_ENV });
    const challenge = await request(broken.app).get('/api/captcha/challenge');
    const captcha = await solveAltcha(challenge.body as Challenge);
    await broken.database.db.destroy();
    const res = await request(broken.app)
      .post('/functions/submitContact')
      .send({ data: { ...goodContact(), 'g-recaptcha-response': captcha } });
    expect(res.status).toBe(503);
    expect(res.body.error.status).toBe('UNAVAILABLE');
    await broken.close().catch(() => {});
  });
});
