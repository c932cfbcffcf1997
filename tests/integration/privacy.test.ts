import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createLogger } from '../../server/core/logger.ts';
import { purgeExpiredLeads, startRetentionJob } from '../../server/privacy/retention.ts';
import { outboxRow } from '../helpers/outbox-rows.ts';
import { LEAD_TEST_ENV, goodContact, solveAltcha } from '../helpers/leads.ts';
import { type TestDatabase, configuredEngines, createTestApp, createTestDatabase } from '../helpers/test-app.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import {
  ORIGIN,
  STAFF,
  StaffClient,
  auditEntries,
  createStaff,
  inboxLeads,
  insertContact,
  insertQuote,
  leadDetail,
  signedInStaffApp,
} from '../helpers/admin-client.ts';
import { findLead, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import { listAudit } from '../../db/queries/audit.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const DAY = 24 * 3600_000;

async function insertOutbox(db: Db, leadType: 'quote' | 'contact', leadId: string, extra: { lastError?: string; payload?: unknown } = {}) {
  const row = outboxRow(
    { type: leadType, id: leadId },
    {
      kind: 'customer-email',
      payload: JSON.stringify(extra.payload ?? { to: 'someone', subject: 'We have received your message' }),
      ...(extra.lastError ? { status: 'failed', attempts: 3, last_error: extra.lastError } : {}),
    },
  );
  await db.insertInto('outbox').values(row).execute();
  return row.id;
}

async function insertAuditRow(db: Db, action: string, target: string, actor: string | null = STAFF.email) {
  await db
    .insertInto('audit_log')
    .values({ id: randomUUID(), user_id: null, actor, action, target, ip: '10.9.9.9', created_at: new Date().toISOString() })
    .execute();
}

describe.each(configuredEngines())('privacy requests from the admin on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  const ada = { quote: '', contact: '', outbox: [] as string[] };
  const others = { bobQuote: '', lookalikeContact: '', bobOutbox: '' };

  beforeAll(async () => {
    const db = t.database.db;
    // Ada used two spellings of her address; Bob and a look-alike address belong to other people.
    ada.quote = await insertQuote(db, { name: 'Ada Lovelace', email: 'Ada@Example.com', description: 'Ada needs racks.' });
    ada.contact = await insertContact(db, { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Ada calling.' });
    ada.outbox.push(
      await insertOutbox(db, 'quote', ada.quote, {
        lastError: 'SMTP 535 auth failed for mailer-login',
        payload: { to: 'ada@example.com', subject: 'Quote received' },
      }),
    );
    ada.outbox.push(await insertOutbox(db, 'contact', ada.contact));
    ada.outbox.push(await insertOutbox(db, 'contact', ada.contact));
    others.bobQuote = await insertQuote(db, { name: 'Bob Builder', email: 'bob@example.com', description: 'Bob needs hosting.' });
    others.lookalikeContact = await insertContact(db, { name: 'Adam Other', email: 'ada@example.com.au', message: 'Someone else.' });
    others.bobOutbox = await insertOutbox(db, 'quote', others.bobQuote, { payload: { to: 'bob@example.com' } });
    await insertAuditRow(db, 'leads.exported', '{"q":"ADA@example.com"}');
    await insertAuditRow(db, 'leads.exported', '{"q":"bob@example.com"}');
    await insertAuditRow(db, 'auth.sign_in_failed', 'sign-in', 'ada@example.com');
  });

  it('a signed-out visitor can neither export nor erase', async () => {
    const signedOut = (action: 'export' | 'erase') =>
      request(t.app)
        .post(`/api/admin/privacy/${action}`)
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', ORIGIN)
        .send({ email: 'ada@example.com' });
    const exported = await signedOut('export');
    expect(exported.status).toBe(401);
    expect(exported.text).not.toContain('Ada');
    const erased = await signedOut('erase');
    expect(erased.status).toBe(401);
    expect(await leadDetail(t.staff, 'quote', ada.quote)).not.toBeNull();
  });

  it('an erase sent from another site, or without the CSRF token, is refused and erases nothing', async () => {
    const crossSite = await t.staff
      .req('post', '/api/admin/privacy/erase', { origin: 'https://evil.example' })
      .send({ email: 'ada@example.com' });
    expect(crossSite.status).toBe(403);
    const noToken = await t.staff.req('post', '/api/admin/privacy/erase', { csrf: false }).send({ email: 'ada@example.com' });
    expect(noToken.status).toBe(403);
    expect(await leadDetail(t.staff, 'contact', ada.contact)).not.toBeNull();
  });

  it('staff asking with an address that is not one are told so beside the field', async () => {
    const res = await t.staff.req('post', '/api/admin/privacy/export').send({ email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields.email).toMatch(/email address/);
    const erase = await t.staff.req('post', '/api/admin/privacy/erase').send({});
    expect(erase.status).toBe(400);
    expect(erase.body.error.details.fields.email).toBeDefined();
  });

  it('staff export exactly what is held about one address, as a JSON file, and nothing about anyone else', async () => {
    const res = await t.staff.req('post', '/api/admin/privacy/export').send({ email: 'ADA@example.COM' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const data = JSON.parse(res.text);
    expect(data.quotes.map((q: { id: string }) => q.id)).toEqual([ada.quote]);
    expect(data.quotes[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      description: 'Ada needs racks.',
      details: expect.any(Object),
    });
    expect(data.contacts.map((c: { id: string }) => c.id)).toEqual([ada.contact]);
    expect(data.notifications.map((n: { id: string }) => n.id).sort()).toEqual([...ada.outbox].sort());
    expect(data.notifications.find((n: { leadType: string }) => n.leadType === 'quote').message).toEqual({
      to: 'ada@example.com',
      subject: 'Quote received',
    });
    // Delivery internals (the SMTP error, leases) are not the person's data.
    expect(res.text).not.toContain('SMTP 535');
    expect(res.text).not.toContain('lockedUntil');
    // Audit entries naming her: the staff export that searched for her (staff details left out) and her own failed sign-in.
    expect(data.auditEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'leads.exported', target: '{"q":"ADA@example.com"}', actor: null, ip: null }),
        expect.objectContaining({ action: 'auth.sign_in_failed', actor: 'ada@example.com', ip: '10.9.9.9' }),
      ]),
    );
    expect(data.auditEntries).toHaveLength(2);
    for (const other of ['bob', 'Bob', 'ada@example.com.au', 'Adam Other', STAFF.email]) expect(res.text).not.toContain(other);

    const [entry] = await auditEntries(t.staff, { action: 'privacy.exported' });
    expect(entry).toMatchObject({ actor: STAFF.email, ip: t.staff.ip, target: expect.stringMatching(/^email#[0-9a-f]{24}$/) });
  });

  it('staff erase everything sent with one address, its notification rows deleted from storage; other people keep theirs and the audit log keeps no address', async () => {
    const db = t.database.db;
    const res = await t.staff.req('post', '/api/admin/privacy/erase').send({ email: ' ada@EXAMPLE.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ quotes: 1, contacts: 1, notifications: 3 });

    const emails = async (type: 'quote' | 'contact') => (await inboxLeads(t.staff, `?type=${type}`)).map((l) => l.email);
    expect(await emails('quote')).toEqual(['bob@example.com']);
    expect(await emails('contact')).toEqual(['ada@example.com.au']);
    // Storage check: no notification row of hers is left, not even a failed one staff never see again.
    const outbox = await db.selectFrom('outbox').select('id').execute();
    expect(outbox.map((o) => o.id)).toEqual([others.bobOutbox]);

    const [erased] = await auditEntries(t.staff, { action: 'privacy.erased' });
    expect(erased).toBeDefined();
    const entry = erased!;
    expect(entry).toMatchObject({ actor: STAFF.email, ip: t.staff.ip });
    expect(entry.target).toMatch(/^email#[0-9a-f]{24}: 1 quote request, 1 contact message and 3 notifications erased$/);
    const privacyRows = (await auditEntries(t.staff)).filter((e) => e.action.startsWith('privacy.'));
    expect(privacyRows).toHaveLength(2);
    // The address in any spelling (a random id may well contain the letters 'ada').
    for (const row of privacyRows) expect(JSON.stringify(row).toLowerCase()).not.toContain('ada@example');
    // The export and the erasure share the reference, so later requests can be traced to the same person.
    const exported = privacyRows.find((r) => r.action === 'privacy.exported')!;
    expect(entry.target!.startsWith(`${exported.target!}:`)).toBe(true);

    const after = JSON.parse((await t.staff.req('post', '/api/admin/privacy/export').send({ email: 'ada@example.com' })).text);
    expect(after.quotes).toEqual([]);
    expect(after.contacts).toEqual([]);
    expect(after.notifications).toEqual([]);
    expect(after.auditEntries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['privacy.exported', 'privacy.erased']),
    );

    const again = await t.staff.req('post', '/api/admin/privacy/erase').send({ email: 'ada@example.com' });
    expect(again.body).toEqual({ quotes: 0, contacts: 0, notifications: 0 });
  });

  it('staff find the privacy page in the admin navigation; signed-out visitors are sent to sign in', async () => {
    const page = await t.staff.req('get', '/admin/privacy');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<a href="\/admin\/privacy" aria-current="page">Privacy<\/a>/);
    expect(page.text).toContain('<label for="privacy-email">Email address</label>');
    expect(page.text).toMatch(/<button type="submit"[^>]*>Export data<\/button>/);
    expect(page.text).toMatch(/>Erase all data<\/button>/);
    const dashboard = await t.staff.req('get', '/admin/dashboard');
    expect(dashboard.text).toContain('<a href="/admin/privacy">Privacy</a>');
    const anonymous = await request(t.app).get('/admin/privacy').set('X-Forwarded-Proto', 'https');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe('/admin/login?next=%2Fadmin%2Fprivacy');
  });
});

describe.each(configuredEngines())('lead retention on %s', (engine) => {
  let database: TestDatabase;
  const now = new Date('2026-06-30T12:00:00.000Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY).toISOString();
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.drop());

  it('the purge deletes leads older than the retention period with their notification rows (storage check), logs and audits counts only', async () => {
    const db = database.db;
    const oldQuote = await insertQuote(db, { email: 'old.quote@example.com', createdAt: daysAgo(31) });
    const oldContact = await insertContact(db, { email: 'old.contact@example.com', createdAt: daysAgo(90) });
    const freshQuote = await insertQuote(db, { email: 'fresh@example.com', createdAt: daysAgo(29) });
    await insertOutbox(db, 'quote', oldQuote);
    await insertOutbox(db, 'contact', oldContact);
    const freshOutbox = await insertOutbox(db, 'quote', freshQuote);

    const lines: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { write: (line: string) => void lines.push(line) });
    const result = await purgeExpiredLeads(db, logger, 30, now);
    expect(result).toEqual({ quotes: 1, contacts: 1, notifications: 2 });

    expect((await listLeadSummaries(db, 'quote', { limit: 100 })).map((l) => l.id)).toEqual([freshQuote]);
    expect(await listLeadSummaries(db, 'contact', { limit: 100 })).toEqual([]);
    expect((await db.selectFrom('outbox').select('id').execute()).map((r) => r.id)).toEqual([freshOutbox]);

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ quotes: 1, contacts: 1, notifications: 2, retentionDays: 30 });
    expect(lines[0]).not.toMatch(/@example\.com/);

    const audit = await listAudit(db, 100, null, { action: 'leads.purged' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'system',
      userId: null,
      target: '1 quote request, 1 contact message and 2 notifications older than 30 days deleted',
    });

    // Nothing more to delete: no new audit entry.
    expect(await purgeExpiredLeads(db, logger, 30, now)).toEqual({ quotes: 0, contacts: 0, notifications: 0 });
    expect(await listAudit(db, 100, null, { action: 'leads.purged' })).toHaveLength(1);
  });

  it('the job purges as soon as it starts; without LEAD_RETENTION_DAYS it deletes nothing', async () => {
    const db = database.db;
    const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'production' });
    const kept = await insertContact(db, { email: 'kept@example.com', createdAt: daysAgo(400) });
    const off = startRetentionJob({ db, logger, days: undefined, now: () => now });
    await off.stop();
    expect(await findLead(db, 'contact', kept)).not.toBeNull();

    const on = startRetentionJob({ db, logger, days: 365, now: () => now });
    await on.stop();
    expect(await findLead(db, 'contact', kept)).toBeNull();
  });
});

describe('the privacy policy beside the forms', () => {
  const t = useTestApp(() => createTestApp());

  it.each(['/contact', '/quote'])('a visitor filling in %s finds a link to the privacy policy', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<p class="form-privacy">[^<]*<a href="\/privacy">privacy policy<\/a>/);
    expect((await request(t.app).get('/privacy')).status).toBe(200);
  });
});

describe('lead retention in the server process', () => {
  it('the server started with LEAD_RETENTION_DAYS purges old leads at once and stops cleanly on SIGTERM', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const old = await insertContact(database.db, {
        email: 'ancient@example.com',
        createdAt: new Date(Date.now() - 40 * DAY).toISOString(),
      });
      const recent = await insertContact(database.db, { email: 'recent@example.com' });
      const child = await startServerProcess(await freePort(), {
        DATABASE_URL: database.url,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO_CONTENT: 'false',
        LEAD_RETENTION_DAYS: '30',
      });
      const isGone = async () => (await findLead(database.db, 'contact', old)) === null;
      for (let i = 0; i < 200 && !(await isGone()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGTERM');
      await exited(child);
      expect(child.exitCode).toBe(0);
      expect(await isGone()).toBe(true);
      expect(await findLead(database.db, 'contact', recent)).not.toBeNull();
    } finally {
      await database.drop();
    }
  });
});

describe.each(configuredEngines())('client IP storage through POST /functions/submitContact on %s', (engine) => {
  const IP_HASH_KEY = 'test-ip-hash-key-'.padEnd(40, 'x');
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createStaff(database.db);
  });
  afterAll(() => database?.drop());

  /** A visitor behind the site's proxy sends a contact message; returns the client IP held with it, as staff's export of her data shows it. */
  async function storedIp(env: Record<string, string>, ip: string): Promise<string | null> {
    const t = await createTestApp({ databaseUrl: database.url, env: { ...LEAD_TEST_ENV, TRUST_PROXY: '1', IP_HASH_KEY, ...env } });
    try {
      const challenge = await request(t.app).get('/api/captcha/challenge').set('X-Forwarded-For', ip);
      const token = await solveAltcha(challenge.body as Challenge);
      const res = await request(t.app)
        .post('/functions/submitContact')
        .set('X-Forwarded-For', ip)
        .send({ data: { ...goodContact(), 'g-recaptcha-response': token } });
      expect(res.status).toBe(200);
      const staff = new StaffClient(t.app);
      expect((await staff.signIn()).status).toBe(200);
      const held = await staff.req('post', '/api/admin/privacy/export').send({ email: goodContact().email });
      expect(held.status).toBe(200);
      const contact = (JSON.parse(held.text) as { contacts: Array<{ id: string; clientIp: string | null }> }).contacts.find(
        (c) => c.id === res.body.result.id,
      );
      expect(contact).toBeDefined();
      return contact!.clientIp;
    } finally {
      await t.close();
    }
  }

  it('by default a visitor’s IPv4 address is kept to its /24 and an IPv6 address to its /48', async () => {
    expect(await storedIp({}, '203.0.113.45')).toBe('203.0.113.0');
    expect(await storedIp({}, '2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::');
  });

  it('with hash a visitor’s address is kept as a keyed HMAC-SHA256 only', async () => {
    const expected = createHmac('sha256', IP_HASH_KEY).update('203.0.113.45').digest('hex').slice(0, 32);
    expect(await storedIp({ CLIENT_IP_STORAGE: 'hash' }, '203.0.113.45')).toBe(expected);
  });

  it('with full the whole address is kept, and with none nothing is', async () => {
    expect(await storedIp({ CLIENT_IP_STORAGE: 'full' }, '203.0.113.45')).toBe('203.0.113.45');
    expect(await storedIp({ CLIENT_IP_STORAGE: 'none' }, '203.0.113.45')).toBeNull();
  });
});
