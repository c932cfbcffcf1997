import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../../server/leads/captcha/altcha.ts';
import { altchaKey } from '../../server/leads/captcha/index.ts';
import { LEAD_TEST_ENV, type StandInVerifier, goodContact, goodQuote, solveAltcha, startStandInVerifier } from '../helpers/leads.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { listLeadSummaries } from '../../db/queries/admin-leads.ts';

/** How many leads of either kind the site holds, spam included. */
async function leadCount(t: TestApp): Promise<number> {
  const [c, q] = await Promise.all(
    (['contact', 'quote'] as const).map((type) => listLeadSummaries(t.database.db, type, { limit: 1_000_000 })),
  );
  return c!.length + q!.length;
}

describe('ALTCHA (the default spam check)', () => {
  const t = useTestApp(() => createTestApp({ env: LEAD_TEST_ENV }));

  const submit = (token: string, data = goodContact()) =>
    request(t.app)
      .post('/functions/submitContact')
      .send({ data: { ...data, 'g-recaptcha-response': token } });

  async function freshToken(): Promise<string> {
    return solveAltcha((await request(t.app).get('/api/captcha/challenge')).body as Challenge);
  }

  it('the challenge endpoint serves signed, expiring proof-of-work challenges', async () => {
    const res = await request(t.app).get('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(res.body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it.each([
    ['a token that is not a payload', 'not-a-token'],
    ['base64 of something else', Buffer.from('{"hello":1}').toString('base64')],
  ])('a bot sending %s is refused with 403 and nothing is stored', async (_label, token) => {
    const before = await leadCount(t);
    const res = await submit(token);
    expect(res.status).toBe(403);
    expect(res.body.error.status).toBe('PERMISSION_DENIED');
    expect(await leadCount(t)).toBe(before);
  });

  it('a bot that guesses the answer instead of solving is refused', async () => {
    const challenge = (await request(t.app).get('/api/captcha/challenge')).body as Challenge;
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } })).toString('base64');
    const res = await submit(forged);
    expect(res.status).toBe(403);
  });

  it('a challenge signed with another key is refused', async () => {
    const stranger = createAltchaCaptcha({ hmacKey: 'x'.repeat(40), cost: 1, maxCounter: 10 });
    const res = await submit(await solveAltcha(await stranger.challenge()));
    expect(res.status).toBe(403);
  });

  it('a solved challenge is accepted once; replaying it is refused and stores nothing', async () => {
    const token = await freshToken();
    const first = await submit(token);
    expect(first.status).toBe(200);
    const before = await leadCount(t);
    const replay = await submit(token, goodContact({ name: 'Replay Bot' }));
    expect(replay.status).toBe(403);
    expect(replay.body.error.details).toEqual({ reason: 'replayed' });
    expect(await leadCount(t)).toBe(before);
  });

  it('the same solution sent twice at once is accepted only once', async () => {
    const token = await freshToken();
    const answers = await Promise.all([submit(token), submit(token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('an expired challenge is refused', async () => {
    const expired = createAltchaCaptcha({ hmacKey: altchaKey(t.config), cost: 1, maxCounter: 10, ttlSeconds: -5 });
    const res = await submit(await solveAltcha(await expired.challenge()));
    expect(res.status).toBe(403);
    expect(res.body.error.details).toEqual({ reason: 'expired' });
  });

  it('a token that failed validation is not used up: the visitor fixes the field and sends again', async () => {
    const token = await freshToken();
    expect((await submit(token, goodContact({ email: 'oops' }))).status).toBe(400);
    expect((await submit(token)).status).toBe(200);
  });
});

describe.each(['recaptcha', 'turnstile'] as const)('%s through a stand-in verification server', (provider) => {
  let t: TestApp;
  let verifier: StandInVerifier;
  beforeAll(async () => {
    verifier = await startStandInVerifier();
    t = await createTestApp({
      env: {
        ...LEAD_TEST_ENV,
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SECRET: 'server-secret',
        RECAPTCHA_SITE_KEY: 'site-key-r',
        TURNSTILE_SITE_KEY: 'site-key-t',
        CAPTCHA_VERIFY_URL: verifier.url,
        RECAPTCHA_MIN_SCORE: '0.5',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await verifier.close();
  });

  it('a person’s token is verified with the secret and the client IP, and the lead is stored', async () => {
    verifier.answer = () => ({ success: true, score: 0.9, action: 'quote_form' });
    const res = await request(t.app)
      .post('/functions/submitQuote')
      .send({ data: { ...goodQuote(), 'g-recaptcha-response': 'human-token' } });
    expect(res.status).toBe(200);
    const sent = verifier.requests.at(-1)!;
    expect(sent.get('secret')).toBe('server-secret');
    expect(sent.get('response')).toBe('human-token');
    expect(sent.get('remoteip')).toMatch(/127\.0\.0\.1/);
  });

  it('the ALTCHA challenge endpoint does not exist', async () => {
    expect((await request(t.app).get('/api/captcha/challenge')).status).toBe(404);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['a token the provider rejects', { success: false, 'error-codes': ['invalid-input-response'] }, 'invalid'],
    ['a token already used', { success: false, 'error-codes': ['timeout-or-duplicate'] }, 'expired'],
    ['a token made for the other form', { success: true, score: 0.9, action: 'quote_form' }, 'wrong-action'],
  ];
  if (provider === 'recaptcha') refusals.push(['a bot-like score', { success: true, score: 0.1, action: 'contact_form' }, 'low-score']);
  it.each(refusals)('%s is refused with 403', async (_label, answer, reason) => {
    verifier.answer = () => answer;
    const before = await leadCount(t);
    const res = await request(t.app)
      .post('/functions/submitContact')
      .send({ data: { ...goodContact(), 'g-recaptcha-response': 'tok' } });
    expect(res.status).toBe(403);
    expect(res.body.error.details).toEqual({ reason });
    expect(await leadCount(t)).toBe(before);
  });

  it('an empty token gets the exact browser message', async () => {
    const res = await request(t.app)
      .post('/functions/submitContact')
      .send({ data: { ...goodContact(), 'g-recaptcha-response': '' } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      provider === 'recaptcha' ? 'reCAPTCHA verification failed. Please try again.' : 'Spam check verification failed. Please try again.',
    );
  });

  it('an unreachable provider is answered 503 (try again), not a refusal', async () => {
    const down = await createTestApp({
      env: {
        ...LEAD_TEST_ENV,
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SECRET: 's',
        RECAPTCHA_SITE_KEY: 'k',
        TURNSTILE_SITE_KEY: 'k',
        CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
      },
    });
    const res = await request(down.app)
      .post('/functions/submitContact')
      .send({ data: { ...goodContact(), 'g-recaptcha-response': 'tok' } });
    expect(res.status).toBe(503);
    await down.close();
  });
});
