import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { createLogger } from '../../server/core/logger.ts';
import { type TestApp, configuredEngines, createTestApp, createTestDatabase } from '../helpers/test-app.ts';

/** What visitors and staff type that must never be written to a log. */
const SECRETS = {
  contactEmail: 'ada.private@example.com',
  quoteEmail: 'grace.private@example.com',
  message: 'Our finance server at 10 Example Street keeps rebooting',
  description: 'Confidential migration of the payroll cluster',
  phone: '02 9999 0142',
  password: 'correct horse battery staple 42',
  searchEmail: 'searched.person@example.com',
};

describe('production logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...LEAD_TEST_ENV, LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  async function token(): Promise<string> {
    return solveAltcha((await request(t.app).get('/api/captcha/challenge')).body as Challenge);
  }

  it('visitors and staff send personal data; the logs hold one JSON line per request with its id, and none of that data', async () => {
    const quote = await request(t.app)
      .post('/functions/submitQuote')
      .send({
        data: {
          ...goodQuote('web-design', { email: SECRETS.quoteEmail, phone: SECRETS.phone, description: SECRETS.description }),
          'g-recaptcha-response': await token(),
        },
      });
    expect(quote.status).toBe(200);
    const contact = await request(t.app)
      .post('/functions/submitContact')
      .send({ data: { ...goodContact({ email: SECRETS.contactEmail, message: SECRETS.message }), 'g-recaptcha-response': await token() } });
    expect(contact.status).toBe(200);
    const refused = await request(t.app)
      .post('/functions/submitContact')
      .send({ data: { ...goodContact({ email: SECRETS.contactEmail, message: SECRETS.message }), 'g-recaptcha-response': 'forged' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const unknown = await request(t.app)
      .post('/functions/noSuchFunction')
      .send({ data: { email: SECRETS.contactEmail, message: SECRETS.message } });
    expect(unknown.status).toBe(404);
    const malformed = await request(t.app)
      .post('/functions/submitContact')
      .set('Content-Type', 'application/json')
      .send(`{"data": {"email": "${SECRETS.contactEmail}", "message": "${SECRETS.message}"`);
    expect(malformed.status).toBe(400);
    const login = await request(t.app)
      .post('/admin/login')
      .set('Origin', 'https://www.example.com.au')
      .type('form')
      .send({ email: SECRETS.contactEmail, password: SECRETS.password });
    expect(login.status).toBeGreaterThanOrEqual(300);
    const search = await request(t.app).get(`/admin/leads?q=${encodeURIComponent(SECRETS.searchEmail)}`);
    expect(search.status).toBeGreaterThanOrEqual(300);

    const responses = [quote, contact, refused, unknown, malformed, login, search];
    const ids = responses.map((r) => r.headers['x-request-id'] as string);
    expect(new Set(ids).size).toBe(responses.length);
    // Error responses carry the id that the log lines carry, so a visitor's report finds its line.
    for (const r of [refused, unknown, malformed]) expect(r.body.error.requestId).toBe(r.headers['x-request-id']);

    const entries = lines.map((line) => JSON.parse(line) as { req?: { id?: string }; msg?: string });
    expect(entries.length).toBeGreaterThanOrEqual(responses.length);
    // Captcha challenges are requests too, so every line has an id, and each response's id has its line.
    for (const entry of entries) expect(entry.req?.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const id of ids) expect(entries.filter((e) => e.req?.id === id && e.msg === 'request completed')).toHaveLength(1);

    const log = lines.join('');
    for (const value of Object.values(SECRETS)) {
      expect(log).not.toContain(value);
      expect(log).not.toContain(encodeURIComponent(value));
    }
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});

describe.each(configuredEngines())('error logs on %s', (engine) => {
  it('a duplicate staff e-mail fails in the database; the logged error does not repeat the address', async () => {
    const database = await createTestDatabase(engine);
    const lines: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { write: (line: string) => void lines.push(line) });
    try {
      const now = new Date().toISOString();
      const user = {
        email: SECRETS.contactEmail,
        name: 'Ada',
        password_hash: 'x',
        totp_secret: null,
        recovery_codes: null,
        created_at: now,
        updated_at: now,
      };
      await database.db
        .insertInto('users')
        .values({ ...user, id: 'u1' })
        .execute();
      const err = await database.db
        .insertInto('users')
        .values({ ...user, id: 'u2' })
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(Error);
      logger.error({ err }, 'unhandled error');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/unique|UNIQUE/);
      expect(lines[0]).not.toContain(SECRETS.contactEmail);
    } finally {
      await database.drop();
    }
  });
});
