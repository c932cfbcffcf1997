import type { Challenge } from 'altcha-lib';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LEAD_STATUSES } from '../../shared/admin.ts';
import { ContactSchema } from '../../shared/schemas/contact.ts';
import { QuoteSchema } from '../../shared/schemas/quote.ts';
import { SERVICE_IDS } from '../../shared/services.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';
import { PROPERTY_TIMEOUT_MS as TIMEOUT, callableBody, enoughAccepted, runsFor } from '../helpers/property-payloads.ts';
import { findLeads, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import type { ContactRecord, QuoteRecord } from '../../shared/leads.ts';

const ORIGIN = 'https://www.example.com.au';
const TOKEN_FIELD = 'g-recaptcha-response';
const StatusSchema = z.enum(LEAD_STATUSES);

/** What a client can send: JSON of any shape, and now and then a body that is not JSON at all. */
function anyBody(data: fc.Arbitrary<Record<string, unknown>>) {
  return fc.oneof(
    { weight: 20, arbitrary: callableBody(data).map((body) => ({ raw: false as const, body })) },
    { weight: 1, arbitrary: fc.string().map((body) => ({ raw: true as const, body })) },
  );
}

describe.each(configuredEngines())('generated payloads to the lead functions on %s', (engine) => {
  let t: TestApp;
  const runs = runsFor(engine);

  beforeAll(async () => {
    // Limits far above the run's request count: the property is about validation, not rate limiting.
    t = await createTestApp({ engine, env: { ...LEAD_TEST_ENV, RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_DAY: '10000000' } });
  });
  afterAll(() => t?.close());

  /**
   * Posts one generated body. The service checks the token's presence, then the fields, and only then the
   * captcha, so a payload the schema refuses never needs a solved puzzle. A payload the schema accepts gets a
   * really solved ALTCHA token instead of its placeholder, so every accepted payload travels the whole way to
   * the database (solving at cost 1 takes a millisecond or two; only those payloads pay for it).
   */
  async function send(name: string, schema: { safeParse: (v: unknown) => { success: boolean } }, input: { raw: boolean; body: unknown }) {
    let body = input.body;
    const data = (body as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
    if (!input.raw && data && typeof data[TOKEN_FIELD] === 'string' && data[TOKEN_FIELD] !== '' && schema.safeParse(data).success) {
      const challenge = await request(t.app).get('/api/captcha/challenge');
      body = { ...(body as object), data: { ...data, [TOKEN_FIELD]: await solveAltcha(challenge.body as Challenge) } };
    }
    const req = request(t.app).post(`/functions/${name}`).set('Origin', ORIGIN).set('Content-Type', 'application/json');
    return req.send(input.raw ? (body as string) : JSON.stringify(body));
  }

  async function fire(name: string, schema: Parameters<typeof send>[1], data: fc.Arbitrary<Record<string, unknown>>) {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyBody(data), async (input) => {
        const res = await send(name, schema, input);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }),
      { numRuns: runs },
    );
    return statuses;
  }

  /** Every lead of a type the site holds, as the application reads it (the inbox's list, then each whole lead). */
  async function heldLeads(type: 'contact' | 'quote'): Promise<Array<ContactRecord | QuoteRecord>> {
    const ids = (await listLeadSummaries(t.database.db, type, { limit: 1_000_000 })).map((l) => l.id);
    const leads: Array<ContactRecord | QuoteRecord> = [];
    for (let i = 0; i < ids.length; i += 500)
      leads.push(...(await findLeads(t.database.db, type, ids.slice(i, i + 500))).map((s) => s.lead));
    expect(leads).toHaveLength(ids.length);
    return leads;
  }

  it(
    `a client sending ${runs} generated contact payloads never gets a 5xx, and every stored contact passes ContactSchema`,
    async () => {
      const base = fc.constant(goodContact({ [TOKEN_FIELD]: 'placeholder' }));
      const statuses = await fire('submitContact', ContactSchema, base);
      const rows = (await heldLeads('contact')) as ContactRecord[];
      // The generator must reach the database often, or the row check would prove nothing.
      expect(rows.length).toBe(statuses.get(200) ?? 0);
      expect(rows.length).toBeGreaterThanOrEqual(enoughAccepted(runs));
      for (const row of rows) {
        const fields = { name: row.name, email: row.email, company: row.company, service: row.service, message: row.message };
        expect(ContactSchema.safeParse({ ...fields, submittedAt: row.submittedAt }).success, JSON.stringify(row).slice(0, 300)).toBe(true);
        expect(StatusSchema.safeParse(row.status).success).toBe(true);
      }
      console.info(`submitContact on ${engine}: statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${rows.length} stored`);
    },
    TIMEOUT,
  );

  it(
    `a client sending ${runs} generated quote payloads never gets a 5xx, and every stored quote passes QuoteSchema`,
    async () => {
      const base = fc.constantFrom(...SERVICE_IDS).map((service) => goodQuote(service, { [TOKEN_FIELD]: 'placeholder' }));
      const statuses = await fire('submitQuote', QuoteSchema, base);
      const rows = (await heldLeads('quote')) as QuoteRecord[];
      expect(rows.length).toBe(statuses.get(200) ?? 0);
      expect(rows.length).toBeGreaterThanOrEqual(enoughAccepted(runs));
      for (const row of rows) {
        // What the visitor sent, as stored: every field but the lead's own state, the service's answers spread out.
        const { id: _id, status: _status, spamReason: _reason, clientIp: _ip, createdAt: _at, details, ...fields } = row;
        const quote = { ...fields, ...details };
        expect(QuoteSchema.safeParse(quote).success, JSON.stringify(row).slice(0, 300)).toBe(true);
        expect(StatusSchema.safeParse(row.status).success).toBe(true);
      }
      console.info(`submitQuote on ${engine}: statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${rows.length} stored`);
    },
    TIMEOUT,
  );
});
