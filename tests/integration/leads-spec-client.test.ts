import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LEAD_TEST_ENV, solveAltcha } from '../helpers/leads.ts';
import { PRODUCT_CONTACT_ENTITY, PRODUCT_QUOTE_ENTITY, PRODUCT_SERVICE_FIELDS } from '../helpers/product-spec.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';

/*
 * The client contract of docs/product.md#functions: a single-page client built from the product spec keeps one
 * form state holding every field of the entity (docs/product.md#entities) and posts all of it. Fields left empty
 * are '', every other service's fields are '', and number inputs give text. Built here from the product spec's
 * hand transcription (tests/helpers/product-spec.ts), not from our catalogue.
 */

const SERVICES = Object.keys(PRODUCT_SERVICE_FIELDS);

/** What the client's quote form holds after a visitor chose `service`, filled the required fields and step 3. */
function specQuoteState(service: string): Record<string, string> {
  const state: Record<string, string> = Object.fromEntries(PRODUCT_QUOTE_ENTITY.map((field) => [field, '']));
  Object.assign(state, {
    service,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    startDate: '2027-01-10',
    completionDate: '2027-03-01',
    description: 'Two racks in a colocation facility.',
  });
  for (const [field, kind] of Object.entries(PRODUCT_SERVICE_FIELDS[service]!)) {
    state[field] = kind === 'number' ? '12' : kind === 'text' ? 'Weekends' : kind.at(-1)!;
  }
  return state;
}

function specContactState(): Record<string, string> {
  const state: Record<string, string> = Object.fromEntries(PRODUCT_CONTACT_ENTITY.map((field) => [field, '']));
  return { ...state, name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me about a firewall review.' };
}

describe.each(configuredEngines())('a client built from the product spec, on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine, env: LEAD_TEST_ENV }));

  /** The lead exactly as the site holds it: staff's export of the personal data kept for its address. */
  async function held(type: 'quotes' | 'contacts', email: string, id: string): Promise<Record<string, unknown>> {
    const res = await t.staff.req('post', '/api/admin/privacy/export').send({ email });
    expect(res.status).toBe(200);
    const lead = (JSON.parse(res.text) as Record<typeof type, Array<Record<string, unknown>>>)[type].find((l) => l.id === id);
    expect(lead).toBeDefined();
    return lead!;
  }

  /**
   * POST /functions/{name} with the form state, a solved captcha and submittedAt, as docs/product.md#functions
   * lists.
   */
  async function call(name: string, state: Record<string, string>) {
    const challenge = await request(t.app).get('/api/captcha/challenge');
    const token = await solveAltcha(challenge.body as Challenge);
    return request(t.app)
      .post(`/functions/${name}`)
      .send({ data: { ...state, 'g-recaptcha-response': token, submittedAt: new Date().toISOString() } });
  }

  it('visitor sends the contact form with company and service left empty', async () => {
    const res = await call('submitContact', specContactState());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: { success: true } });
    const row = await held('contacts', 'ada@example.com', res.body.result.id);
    expect(row).toMatchObject({ name: 'Ada Lovelace', company: null, service: null, status: 'new' });
  });

  it.each(SERVICES)('visitor requests a quote for %s with the whole form state', async (service) => {
    const res = await call('submitQuote', specQuoteState(service));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: { success: true } });
    const row = await held('quotes', 'grace@example.com', res.body.result.id);
    expect(row).toMatchObject({ service, company: null, phone: null, companySize: null, budget: null, timeline: null, status: 'new' });
    // Only the chosen service's answers are stored; the other services' empty fields are not.
    const details = row.details as Record<string, unknown>;
    expect(Object.keys(details).sort()).toEqual(Object.keys(PRODUCT_SERVICE_FIELDS[service]!).sort());
    for (const [field, kind] of Object.entries(PRODUCT_SERVICE_FIELDS[service]!)) {
      if (kind === 'number') expect(details[field]).toBe(12);
    }
  });

  it('a filled-in field of another service is still refused', async () => {
    const res = await call('submitQuote', { ...specQuoteState('web-hosting'), networkType: 'Wired' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { fields: { networkType: 'This field is not accepted.' } },
    });
  });

  it('an empty field of the chosen service or a required detail is still missing', async () => {
    const res = await call('submitQuote', { ...specQuoteState('web-hosting'), storage: '', description: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toEqual({
      storage: 'Storage (GB) is required.',
      description: 'Project description is required.',
    });
  });

  it("a number input's text that is not a whole number is refused", async () => {
    const res = await call('submitQuote', { ...specQuoteState('web-hosting'), storage: '1.5' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fields)).toEqual(['storage']);
  });
});
