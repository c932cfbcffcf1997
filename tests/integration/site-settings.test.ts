import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/core/logger.ts';
import { startOutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/company.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { SETTINGS_MESSAGES, STAFF_MESSAGES } from '../../shared/admin-texts.ts';
import { ADMIN_TEST_ENV, StaffClient, auditEntries, createStaff } from '../helpers/admin-client.ts';
import { eventually } from '../helpers/eventually.ts';
import { LEAD_TEST_ENV, goodContact, solveAltcha } from '../helpers/leads.ts';
import { MailCatcher, decodedMail } from '../helpers/mail-catcher.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';

/** Settings that differ from the defaults in every field the site shows. */
const CHANGED: SiteSettings = {
  name: 'Harbourline Systems',
  legalName: 'Harbourline Systems Pty Ltd',
  email: 'hello@harbourline.example.com.au',
  phone: '(03) 9555 0123',
  abn: '51 824 753 556',
  address: { street: '12 Collins Street', locality: 'Melbourne', region: 'VIC', postcode: '3000' },
  social: [{ name: 'Mastodon', url: 'https://social.example.org/@harbourline' }],
  stats: [
    { value: '120+', label: 'Clients' },
    { value: '15 min', label: 'Response' },
  ],
};

describe.each(configuredEngines())('site settings on %s', (engine) => {
  let t: TestApp;
  let staff: StaffClient;
  const mail = new MailCatcher();
  let worker: { close(): Promise<void> };

  beforeAll(async () => {
    await mail.start();
    t = await createTestApp({
      engine,
      env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV, SMTP_URL: `smtp://127.0.0.1:${mail.port}`, OUTBOX_POLL_MS: '50' },
    });
    worker = startOutboxWorker(t.config, t.database, createLogger(t.config));
    await createStaff(t.database.db);
    staff = new StaffClient(t.app);
    expect((await staff.signIn()).status).toBe(200);
  });
  afterAll(async () => {
    await worker.close();
    await mail.stop();
    await t.close();
  });

  it('starts from the defaults, and only staff may read or change them', async () => {
    expect((await staff.req('get', '/api/admin/settings').expect(200)).body).toEqual(DEFAULT_SITE_SETTINGS);
    await request(t.app).get('/api/admin/settings').expect(401);
    await request(t.app).put('/api/admin/settings').set('Origin', 'https://www.example.com.au').send(CHANGED).expect(401);
  });

  it('refuses a bad ABN, phone and social link with each field’s message, and saves nothing', async () => {
    const bad = { ...CHANGED, abn: '51 824 753 557', phone: '555-0123', social: [{ name: 'Site', url: 'http://example.com' }] };
    const res = await staff.req('put', '/api/admin/settings').send(bad).expect(400);
    expect(res.body.error.message).toBe(FIELD_MESSAGES.fixErrors);
    expect(res.body.error.details.fields).toEqual({
      abn: SETTINGS_MESSAGES.abn,
      phone: SETTINGS_MESSAGES.phone,
      'social.0.url': SETTINGS_MESSAGES.socialUrl,
    });
    expect((await staff.req('get', '/api/admin/settings').expect(200)).body).toEqual(DEFAULT_SITE_SETTINGS);
    expect(await auditEntries(staff, { action: 'settings.updated' })).toHaveLength(0);
  });

  it('a save is audited with what changed, written the site’s way, and shown at once by cached pages and the feed', async () => {
    // Both are rendered and stored before the change, so the save must drop them.
    expect((await request(t.app).get('/').expect(200)).text).toContain(DEFAULT_SITE_SETTINGS.phone);
    expect((await request(t.app).get('/rss.xml').expect(200)).text).toContain(`<title>${DEFAULT_SITE_SETTINGS.name} blog</title>`);

    const res = await staff
      .req('put', '/api/admin/settings')
      .send({ ...CHANGED, phone: '+61 3 9555 0123', abn: '51824753556' })
      .expect(200);
    expect(res.body).toEqual({ message: SETTINGS_MESSAGES.saved, settings: CHANGED });

    const home = (await request(t.app).get('/').expect(200)).text;
    expect(home).toMatch(/Harbourline Systems(<!-- -->)? in numbers/);
    expect(home).toContain('<dt>Clients</dt><dd>120+</dd>');
    expect(home).toContain('href="tel:+61395550123"');
    expect(home).toContain('ABN 51 824 753 556');
    expect(home).not.toContain(DEFAULT_SITE_SETTINGS.phone);
    const organization = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((ld) => ld['@type'] === 'Organization');
    expect(organization).toMatchObject({
      name: CHANGED.name,
      telephone: '+61395550123',
      taxID: 'ABN 51 824 753 556',
      address: { streetAddress: '12 Collins Street', addressLocality: 'Melbourne', addressRegion: 'VIC', postalCode: '3000' },
      sameAs: ['https://social.example.org/@harbourline'],
    });
    const rss = (await request(t.app).get('/rss.xml').expect(200)).text;
    expect(rss).toContain('<title>Harbourline Systems blog</title>');

    // The entry keeps each changed setting's old and new value (docs/product.md#audit).
    const audit = await auditEntries(staff, { action: 'settings.updated' });
    expect(audit.map(({ actor }) => actor)).toEqual(['staff@northbridge-it.com.au']);
    expect(JSON.parse(audit[0]!.target!).changes.map((c: { setting: string }) => c.setting)).toEqual([
      'name',
      'legalName',
      'email',
      'phone',
      'abn',
      'street',
      'locality',
      'region',
      'postcode',
      'social',
      'stats',
    ]);
    expect(audit[0]!.sentence.join('')).toContain(`the phone from ${DEFAULT_SITE_SETTINGS.phone} to ${CHANGED.phone}`);
  });

  it('the visitor’s acknowledgement e-mail is signed with the saved name, phone and e-mail', async () => {
    const challenge = (await request(t.app).get('/api/captcha/challenge').expect(200)).body as Challenge;
    const data = { ...goodContact({ email: 'settings-reader@example.com' }), 'g-recaptcha-response': await solveAltcha(challenge) };
    await request(t.app).post('/functions/submitContact').send({ data }).expect(200);
    const received = await eventually(
      async () => mail.received.find((m) => m.to.includes('settings-reader@example.com')),
      'the acknowledgement',
    );
    const text = decodedMail(received.raw);
    expect(text).toContain('Thank you for contacting Harbourline Systems.');
    expect(text).toContain('call us on (03) 9555 0123');
    expect(text).toContain('hello@harbourline.example.com.au');
    expect(text).not.toContain(DEFAULT_SITE_SETTINGS.phone);
  });

  it('a staff invitation is signed with the saved company name', async () => {
    await staff.req('post', '/api/admin/staff/invitations').send({ name: 'Ivy Invitee', email: 'ivy@example.com' }).expect(200);
    const received = await eventually(async () => mail.received.find((m) => m.to.includes('ivy@example.com')), 'the invitation');
    const text = decodedMail(received.raw);
    expect(text).toContain(`Subject: ${STAFF_MESSAGES.invitationSubject('Harbourline Systems')}`);
    expect(text).toContain('has invited you to the Harbourline Systems staff area');
  });
});
