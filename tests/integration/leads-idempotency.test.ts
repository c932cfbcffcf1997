import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_TEST_ENV, type StandInVerifier, goodContact, goodQuote, startStandInVerifier } from '../helpers/leads.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';
import { findHeldData } from '../../db/queries/privacy.ts';

const TIMEOUT_MS = 2000;

describe.each(configuredEngines())('lead submissions with an Idempotency-Key (%s)', (engine) => {
  let t: TestApp;
  let verifier: StandInVerifier;
  beforeAll(async () => {
    verifier = await startStandInVerifier((token) => ({ success: true, score: 0.9, action: token }));
    t = await createTestApp({
      engine,
      env: {
        ...LEAD_TEST_ENV,
        MIN_FILL_MS: '0',
        CAPTCHA_PROVIDER: 'recaptcha',
        CAPTCHA_SECRET: 'server-secret',
        RECAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_VERIFY_URL: verifier.url,
        FUNCTION_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await verifier?.close();
  });

  const send = (name: 'submitContact' | 'submitQuote', data: Record<string, unknown>, key?: string) => {
    const action = name === 'submitContact' ? 'contact_form' : 'quote_form';
    const req = request(t.app).post(`/functions/${name}`);
    return (key ? req.set('Idempotency-Key', key) : req).send({ data: { ...data, 'g-recaptcha-response': action } });
  };
  /** The leads the site holds for an address (what a privacy export would list), as `{ id }`. */
  const stored = async (table: 'contacts' | 'quotes', email: string) =>
    (await findHeldData(t.database.db, email, 'email#none'))[table].map(({ id }) => ({ id }));

  it.each([['submitContact', 'contacts', goodContact] as const, ['submitQuote', 'quotes', goodQuote] as const])(
    'a visitor whose %s is sent twice with one key gets the first outcome both times, and one lead',
    async (name, table, make) => {
      const email = `twice-${name}-${engine}@example.com`;
      const key = `k${Date.now()}${name}aaaaaaaa`;
      const data = name === 'submitContact' ? make({ email }) : (make as typeof goodQuote)('datacenter', { email });
      const first = await send(name, data, key);
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({ success: true });
      const again = await send(name, data, key);
      expect(again.status).toBe(200);
      expect(again.body.result).toEqual(first.body.result);
      expect(await stored(table, email)).toEqual([{ id: first.body.result.id }]);
      // A new key is a new submission.
      expect((await send(name, data, `${key}-new`)).status).toBe(200);
      expect(await stored(table, email)).toHaveLength(2);
    },
  );

  it('two sends of one key at the same moment store one lead and both answer with it', async () => {
    const email = `race-${engine}@example.com`;
    const key = `race${Date.now()}bbbbbbbbbbbb`;
    const data = goodContact({ email });
    const [a, b] = await Promise.all([send('submitContact', data, key), send('submitContact', data, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.result.id).toBe(b.body.result.id);
    expect(await stored('contacts', email)).toHaveLength(1);
  });

  it('a submission that times out (slow spam check) is not stored afterwards, and the retry with its key stores it once', async () => {
    const email = `late-${engine}@example.com`;
    const key = `late${Date.now()}cccccccccccc`;
    const data = goodContact({ email });
    verifier.delayMs = TIMEOUT_MS + 1000;
    try {
      const res = await send('submitContact', data, key);
      expect(res.status).toBe(504);
      expect(res.body.error.status).toBe('DEADLINE_EXCEEDED');
      // The abandoned work finishes its captcha check 1 s after the 504; it must not commit then.
      await sleep(2000);
      expect(await stored('contacts', email)).toEqual([]);
    } finally {
      verifier.delayMs = 0;
    }
    // The browser's retry asks for a fresh captcha token and send time; the visitor's values are the same.
    const retry = await send('submitContact', { ...data, submittedAt: new Date().toISOString() }, key);
    expect(retry.status).toBe(200);
    expect(await stored('contacts', email)).toEqual([{ id: retry.body.result.id }]);
  });

  // Security finding 4: a key was a bearer token for someone else's lead (any body, no captcha, got its id).
  it.each([
    ['submitContact', (o: Record<string, unknown>) => goodContact(o)] as const,
    ['submitQuote', (o: Record<string, unknown>) => goodQuote('datacenter', o)] as const,
  ])("a key used again by %s with other values answers 409 without the first lead's id, and stores nothing", async (name, make) => {
    const key = `replay${Date.now()}${name}dddd`;
    const first = await send(name, make({ email: `first-${name}-${engine}@example.com` }), key);
    expect(first.status).toBe(200);
    const table = name === 'submitContact' ? 'contacts' : 'quotes';
    const otherEmail = `other-${name}-${engine}@example.com`;
    const other = make({ email: otherEmail });
    for (const body of [other, { ...other, 'g-recaptcha-response': '' }, {}]) {
      const res = await request(t.app).post(`/functions/${name}`).set('Idempotency-Key', key).send({ data: body });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        status: 'ABORTED',
        message: 'This Idempotency-Key was already used for a different submission. Send a new key.',
      });
      expect(res.text).not.toContain(first.body.result.id);
    }
    expect(await stored(table, otherEmail)).toEqual([]);
  });

  it('a key is bound to its form: the same key and values sent to the other form are a new submission there', async () => {
    const key = `scope${Date.now()}eeeeeeeeeee`;
    const email = `scope-${engine}@example.com`;
    const contact = await send('submitContact', goodContact({ email }), key);
    const quote = await send('submitQuote', goodQuote('datacenter', { email }), key);
    expect([contact.status, quote.status]).toEqual([200, 200]);
    expect(quote.body.result.id).not.toBe(contact.body.result.id);
  });

  it.each(['short', 'has spaces in it, which no key may', 'x'.repeat(101)])('a key like %j is refused with 400', async (key) => {
    const res = await send('submitContact', goodContact({ email: `bad-key-${engine}@example.com` }), key);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });
});
