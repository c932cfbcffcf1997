import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, StaffClient, type SignedInStaffApp, signedInStaffApp } from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { createTestApp } from '../helpers/test-app.ts';

/*
 * GET /metrics (README, "Metrics"): Prometheus text for ops, readable only with the token, and per instance.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const ENV = { ...LEAD_TEST_ENV, METRICS_TOKEN: TOKEN };

/** Every sample of the exposition by name and labels; throws on any line that is not a comment or a sample. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

async function scrape(app: SignedInStaffApp['app']): Promise<Map<string, number>> {
  const res = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.text);
}

async function submitQuote(app: SignedInStaffApp['app'], overrides: Record<string, unknown> = {}) {
  const challenge = await request(app).get('/api/captcha/challenge');
  const token = await solveAltcha(challenge.body as Challenge);
  return request(app)
    .post('/functions/submitQuote')
    .send({ data: { ...goodQuote('web-hosting', overrides), 'g-recaptcha-response': token } });
}

describe('metrics', () => {
  let a: SignedInStaffApp;
  let b: SignedInStaffApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([signedInStaffApp({ env: ENV }), signedInStaffApp({ env: ENV })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('do not exist without a token configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await request(plain.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answer 404 without the token or with a wrong one, as if there were nothing there', async () => {
    expect((await request(a.app).get('/metrics')).status).toBe(404);
    expect((await request(a.app).get('/metrics').set('Authorization', 'Bearer not-the-token-at-all-000')).status).toBe(404);
    expect((await request(a.app).get('/metrics').set('Authorization', TOKEN)).status).toBe(404);
  });

  it('report requests, the page cache, leads, sign-ins, the outbox and the process, per instance', async () => {
    await request(a.app).get('/about').expect(200);
    await request(a.app).get('/about').expect(200);
    expect((await submitQuote(a.app)).status).toBe(200);
    expect((await submitQuote(a.app, { email: 'not an address' })).status).toBe(400);
    await new StaffClient(a.app).req('post', '/admin/login').send({ email: STAFF.email, password: 'not the password' });

    const m = await scrape(a.app);
    // [sample, lowest value, highest value]
    const expected: Array<[string, number, number]> = [
      ['site_http_request_duration_seconds_count{route="page",method="GET",status="200"}', 2, Infinity],
      ['site_http_request_duration_seconds_count{route="/functions/submitQuote",method="POST",status="400"}', 1, 1],
      ['site_page_cache_hits_total', 1, Infinity],
      ['site_page_cache_misses_total', 1, Infinity],
      ['site_page_cache_bytes', 1, Infinity],
      ['site_leads_total{type="quote",outcome="accepted"}', 1, 1],
      ['site_leads_total{type="quote",outcome="refused"}', 1, 1],
      ['site_sign_in_failures_total', 1, 1],
      ['site_sign_in_throttled_total', 0, 0],
      // The accepted quote owes a staff e-mail, waiting (no SMTP in tests).
      ['site_outbox_pending{kind="staff-email"}', 1, Infinity],
      ['site_outbox_oldest_pending_seconds{kind="staff-email"}', 0, 60],
      ['site_outbox_failed{kind="staff-email"}', 0, 0],
      ['process_resident_memory_bytes', 1, Infinity],
      ['nodejs_heap_size_used_bytes', 1, Infinity],
      ['nodejs_eventloop_lag_seconds', 0, Infinity],
    ];
    for (const [sample, low, high] of expected) {
      expect(m.get(sample), sample).toBeGreaterThanOrEqual(low);
      expect(m.get(sample), sample).toBeLessThanOrEqual(high);
    }
    expect([...m.keys()].some((k) => k.startsWith('nodejs_gc_duration_seconds_count'))).toBe(true);

    // The other instance counts its own requests and leads (the outbox is the shared database's, each its own here).
    const other = await scrape(b.app);
    expect(other.get('site_leads_total{type="quote",outcome="accepted"}')).toBeUndefined();
    expect(other.get('site_sign_in_failures_total')).toBe(0);
    expect(
      other.get('site_http_request_duration_seconds_count{route="/functions/submitQuote",method="POST",status="200"}'),
    ).toBeUndefined();
  });
});
