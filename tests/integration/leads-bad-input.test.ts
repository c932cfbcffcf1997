import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { configuredEngines, createTestApp } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

type Case = [label: string, endpoint: 'submitContact' | 'submitQuote', data: Record<string, unknown>, badField: string];

const without = (data: Record<string, unknown>, field: string) => {
  const copy = { ...data };
  delete copy[field];
  return copy;
};

const contactCases: Case[] = [
  ...['name', 'email', 'message'].map((f): Case => [`contact without ${f}`, 'submitContact', without(goodContact(), f), f]),
  ['contact with a bad email', 'submitContact', goodContact({ email: 'ada@' }), 'email'],
  ['contact with an unknown service', 'submitContact', goodContact({ service: 'plumbing' }), 'service'],
  ['contact with a 101-character name', 'submitContact', goodContact({ name: 'x'.repeat(101) }), 'name'],
  ['contact with a 5,001-character message', 'submitContact', goodContact({ message: 'x'.repeat(5_001) }), 'message'],
  ['contact with a 255-character email', 'submitContact', goodContact({ email: `${'a'.repeat(245)}@example.com` }), 'email'],
  ['contact with an unknown field', 'submitContact', goodContact({ status: 'won' }), 'status'],
  ['contact with a number for a name', 'submitContact', goodContact({ name: 42 }), 'name'],
];

const quoteCases: Case[] = [
  ...['name', 'email', 'startDate', 'completionDate', 'description'].map((f): Case => [
    `quote without ${f}`,
    'submitQuote',
    without(goodQuote(), f),
    f,
  ]),
  ...QUOTE_FIELDS['web-hosting'].map((f): Case => [
    `web-hosting quote without ${f.name}`,
    'submitQuote',
    without(goodQuote('web-hosting'), f.name),
    f.name,
  ]),
  ['quote without a service', 'submitQuote', without(goodQuote(), 'service'), 'service'],
  ['quote for an unknown service', 'submitQuote', goodQuote('datacenter', { service: 'plumbing' }), 'service'],
  // An empty service field makes the schema ask which fields the service has: these answered 500 once.
  [
    'quote whose service cannot become text',
    'submitQuote',
    goodQuote('datacenter', { service: { toString: null }, rackSpace: '' }),
    'service',
  ],
  [
    'quote whose service names an object property',
    'submitQuote',
    goodQuote('datacenter', { service: '__proto__', rackSpace: '' }),
    'service',
  ],
  ['quote with a company size not in the list', 'submitQuote', goodQuote('datacenter', { companySize: '1000+' }), 'companySize'],
  ['quote with a budget not in the list', 'submitQuote', goodQuote('datacenter', { budget: 'a lot' }), 'budget'],
  ['quote with an option not in the list', 'submitQuote', goodQuote('datacenter', { redundancy: 'Extreme' }), 'redundancy'],
  ['quote with a negative number', 'submitQuote', goodQuote('datacenter', { serverCount: -3 }), 'serverCount'],
  ['quote with zero', 'submitQuote', goodQuote('datacenter', { rackSpace: 0 }), 'rackSpace'],
  ['quote with a huge number', 'submitQuote', goodQuote('datacenter', { storageSize: 1e300 }), 'storageSize'],
  ['quote with a fraction', 'submitQuote', goodQuote('datacenter', { serverCount: 2.5 }), 'serverCount'],
  ['quote with words for a number', 'submitQuote', goodQuote('datacenter', { serverCount: 'twelve' }), 'serverCount'],
  [
    'quote with reversed dates',
    'submitQuote',
    goodQuote('datacenter', { startDate: '2027-05-01', completionDate: '2027-04-30' }),
    'completionDate',
  ],
  ['quote with an impossible date', 'submitQuote', goodQuote('datacenter', { startDate: '2027-02-30' }), 'startDate'],
  ['quote with another service’s field', 'submitQuote', goodQuote('datacenter', { networkType: 'Wired' }), 'networkType'],
  ['quote with a bad phone', 'submitQuote', goodQuote('datacenter', { phone: '<script>' }), 'phone'],
];

describe.each(configuredEngines())('bad lead input on %s', (engine) => {
  const t = useTestApp(() => createTestApp({ engine, env: LEAD_TEST_ENV }));

  async function token(): Promise<string> {
    const res = await request(t.app).get('/api/captcha/challenge');
    return solveAltcha(res.body as Challenge);
  }

  /** Storage check: every row a lead would leave (the lead, its notifications, its used captcha solution). */
  async function storedRows(): Promise<number> {
    const counts = await Promise.all(
      (['contacts', 'quotes', 'outbox', 'captcha_solutions'] as const).map((table) =>
        t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return counts.reduce((sum, c) => sum + Number(c.n), 0);
  }

  it.each([...contactCases, ...quoteCases])(
    '%s is answered 400 naming that one field, and nothing is stored (storage check)',
    async (_label, endpoint, data, field) => {
      const res = await request(t.app)
        .post(`/functions/${endpoint}`)
        .send({ data: { ...data, 'g-recaptcha-response': await token() } });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(Object.keys(res.body.error.details.fields)).toEqual([field]);
      expect(res.body.error.details.fields[field]).toEqual(expect.any(String));
      expect(await storedRows()).toBe(0);
    },
  );

  it('several bad fields get one entry each', async () => {
    const res = await request(t.app)
      .post('/functions/submitQuote')
      .send({ data: { ...goodQuote('datacenter', { email: 'x', serverCount: -1 }), name: '', 'g-recaptcha-response': await token() } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fields).sort()).toEqual(['email', 'name', 'serverCount']);
  });

  it.each([
    [
      'a 1 MB body',
      (r: request.Test) => r.set('Content-Type', 'application/json').send(JSON.stringify({ data: { message: 'x'.repeat(1024 * 1024) } })),
      413,
      /too large/,
    ],
    ['malformed JSON', (r: request.Test) => r.set('Content-Type', 'application/json').send('{"data": {"name": '), 400, /not valid JSON/],
    ['a form-encoded body', (r: request.Test) => r.type('form').send('name=Ada&email=a@b.co'), 400, /must be JSON/],
    ['plain text', (r: request.Test) => r.set('Content-Type', 'text/plain').send('hello'), 400, /must be JSON/],
    ['no body', (r: request.Test) => r, 400, /must be JSON/],
    ['a JSON array', (r: request.Test) => r.send([1, 2]), 400, /must be \{"data"/],
    ['data that is a string', (r: request.Test) => r.send({ data: 'hello' }), 400, /must be \{"data"/],
    ['fields beside data', (r: request.Test) => r.send({ data: goodContact(), admin: true }), 400, /must be \{"data"/],
    ['JSON null', (r: request.Test) => r.set('Content-Type', 'application/json').send('null'), 400, /not valid JSON|must be \{"data"/],
    // PostgreSQL cannot store NUL in text; both engines refuse it the same way.
    ['a NUL character in a field', (r: request.Test) => r.send({ data: goodContact({ name: 'Ada\u0000Lovelace' }) }), 400, /NUL/],
  ])('%s is refused with %i and a clear message, never a 500, storing nothing (storage check)', async (_label, build, status, message) => {
    const res = await build(request(t.app).post('/functions/submitContact'));
    expect(res.status).toBe(status);
    // 413 is not in the spec's map: it answers RESOURCE_EXHAUSTED (docs/architecture.md, "Errors").
    expect(res.body.error.status).toBe(status === 413 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT');
    expect(res.body.error.message).toMatch(message);
    expect(await storedRows()).toBe(0);
  });

  it('a submission without a captcha token is refused with 403, storing nothing (storage check)', async () => {
    const res = await request(t.app).post('/functions/submitContact').send({ data: goodContact() });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ status: 'PERMISSION_DENIED', message: 'Spam check verification failed. Please try again.' });
    expect(await storedRows()).toBe(0);
  });

  it('GET on an endpoint is a JSON 404, not a page', async () => {
    const res = await request(t.app).get('/functions/submitContact');
    expect(res.status).toBe(404);
    expect(res.body.error.status).toBe('NOT_FOUND');
  });
});
