import { describe, expect, it } from 'vitest';
import { BUDGETS, COMPANY_SIZES } from '../options.ts';
import { QUOTE_FIELDS } from '../quote-fields.ts';
import { SERVICE_IDS, type ServiceId } from '../services.ts';
import { fieldErrors } from './fields.ts';
import { QuoteDetailsSchema, QuoteSchema, serviceFieldsSchema, splitServiceDetails } from './quote.ts';

const details = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  startDate: '2027-01-10',
  completionDate: '2027-03-01',
  description: 'Replace the office network.',
};

/** A valid answer for every field of a service: the first option, the smallest number, some text. */
export function validServiceFields(service: ServiceId): Record<string, string | number> {
  return Object.fromEntries(
    QUOTE_FIELDS[service].map((f) => [f.name, f.kind === 'select' ? f.options[0]! : f.kind === 'number' ? f.min : 'Weekends']),
  );
}

function errorsOf(input: unknown) {
  const result = QuoteSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('QuoteSchema', () => {
  it.each(SERVICE_IDS)('accepts a complete request for %s', (service) => {
    const result = QuoteSchema.safeParse({ service, ...details, ...validServiceFields(service) });
    expect(result.success).toBe(true);
  });

  it.each(SERVICE_IDS)('requires every step-3 field of %s', (service) => {
    const errors = errorsOf({ service, ...details });
    expect(Object.keys(errors).sort()).toEqual(QUOTE_FIELDS[service].map((f) => f.name).sort());
  });

  it('refuses a missing or unknown service with one message', () => {
    expect(errorsOf({ ...details })).toEqual({ service: 'Choose a service to continue.' });
    expect(errorsOf({ service: 'plumbing', ...details })).toEqual({ service: 'Choose a service to continue.' });
  });

  it('refuses a service that is not text, or names an object property, with the same message rather than failing', () => {
    // Found by the property test: an object without a prototype cannot become text, and threw inside the schema.
    for (const service of [Object.create(null), { toString: null }, '__proto__', 'constructor', ['cloud-services'], 7]) {
      expect(errorsOf({ service, ...details, supportHours: '' })).toEqual({ service: 'Choose a service to continue.' });
    }
  });

  it('refuses another service’s fields', () => {
    const errors = errorsOf({ service: 'web-hosting', ...details, ...validServiceFields('web-hosting'), networkType: 'Wired' });
    expect(errors).toEqual({ networkType: 'This field is not accepted.' });
  });

  it.each([
    ['serverCount', -1],
    ['serverCount', 0],
    ['serverCount', 2.5],
    ['serverCount', 1e12],
    ['serverCount', '5.5'],
    ['serverCount', 'five'],
    ['storageSize', 1_000_001],
  ])('refuses %s = %s (numbers are whole, positive and bounded)', (field, value) => {
    const errors = errorsOf({ service: 'datacenter', ...details, ...validServiceFields('datacenter'), [field]: value });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toMatch(/must be a whole number from 1 to/);
  });

  it("takes a number input's text as the number it writes", () => {
    const quote = QuoteSchema.parse({
      service: 'datacenter',
      ...details,
      ...validServiceFields('datacenter'),
      serverCount: '12',
      rackSpace: ' 4 ',
    });
    expect(splitServiceDetails(quote)).toMatchObject({ serverCount: 12, rackSpace: 4 });
  });

  it("reads empty optional fields and other services' empty fields as not given (the product spec's client, docs/product.md#functions)", () => {
    const others = Object.fromEntries(SERVICE_IDS.flatMap((s) => QUOTE_FIELDS[s]).map((f) => [f.name, '']));
    const empties = { company: '', phone: '', companySize: '', budget: '', timeline: '', website: '', startedAt: '' };
    const quote = QuoteSchema.parse({ ...others, service: 'web-hosting', ...details, ...empties, ...validServiceFields('web-hosting') });
    expect(splitServiceDetails(quote)).toEqual({ hostingType: 'Shared', storage: 1, bandwidth: 1, ssl: 'Yes' });
    expect(quote).not.toHaveProperty('company');
    expect(quote).not.toHaveProperty('networkType');
  });

  it("still requires the chosen service's fields and the required details when they are empty", () => {
    const own = Object.fromEntries(QUOTE_FIELDS['web-hosting'].map((f) => [f.name, '']));
    const errors = errorsOf({ service: 'web-hosting', ...details, name: '', ...own });
    expect(errors).toEqual({
      name: 'Full Name is required.',
      hostingType: 'Choose hosting type.',
      storage: 'Storage (GB) is required.',
      bandwidth: 'Monthly bandwidth (GB) is required.',
      ssl: 'Choose SSL certificate.',
    });
  });

  it('refuses an option that is not in the list', () => {
    const errors = errorsOf({
      service: 'network-security',
      ...details,
      ...validServiceFields('network-security'),
      securityLevel: 'Military',
    });
    expect(errors).toEqual({ securityLevel: 'Choose one of the listed options for security level.' });
  });

  it('splits the service-specific answers into details', () => {
    const input = { service: 'web-hosting' as const, ...details, ...validServiceFields('web-hosting') };
    const quote = QuoteSchema.parse(input);
    expect(splitServiceDetails(quote)).toEqual({ hostingType: 'Shared', storage: 1, bandwidth: 1, ssl: 'Yes' });
  });
});

describe('QuoteDetailsSchema (step 2)', () => {
  it('accepts the required fields alone and the optional lists exactly as the product spec', () => {
    expect(QuoteDetailsSchema.safeParse(details).success).toBe(true);
    for (const companySize of COMPANY_SIZES) expect(QuoteDetailsSchema.safeParse({ ...details, companySize }).success).toBe(true);
    for (const budget of BUDGETS) expect(QuoteDetailsSchema.safeParse({ ...details, budget }).success).toBe(true);
    expect(COMPANY_SIZES).toEqual(['1-10', '11-50', '51-200', '201-500', '501+']);
    expect(BUDGETS).toEqual(['under $5,000', '$5,000-$15,000', '$15,000-$50,000', '$50,000-$100,000', '$100,000+']);
  });

  it.each(['name', 'email', 'startDate', 'completionDate', 'description'])('requires %s', (field) => {
    const result = QuoteDetailsSchema.safeParse({ ...details, [field]: undefined });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result.error!))).toEqual([field]);
  });

  it('refuses a completion date before the start date, beside the completion date', () => {
    const result = QuoteDetailsSchema.safeParse({ ...details, startDate: '2027-03-02', completionDate: '2027-03-01' });
    expect(fieldErrors(result.error!)).toEqual({ completionDate: 'The completion date cannot be before the start date.' });
    expect(QuoteDetailsSchema.safeParse({ ...details, startDate: '2027-03-01', completionDate: '2027-03-01' }).success).toBe(true);
  });

  it.each(['2027-02-30', '27-01-01', 'tomorrow'])('refuses the date %s', (startDate) => {
    const result = QuoteDetailsSchema.safeParse({ ...details, startDate });
    expect(fieldErrors(result.error!)).toEqual({ startDate: 'Start date must be a valid date.' });
  });

  it.each([
    ['companySize', '1000+'],
    ['budget', '$1'],
    ['phone', 'call me'],
    ['timeline', 'whenever'],
  ])('refuses %s = %s', (field, value) => {
    const result = QuoteDetailsSchema.safeParse({ ...details, [field]: value });
    expect(Object.keys(fieldErrors(result.error!))).toEqual([field]);
  });
});

describe('serviceFieldsSchema (step 3)', () => {
  it('checks only the chosen service’s fields', () => {
    expect(serviceFieldsSchema('web-design').safeParse(validServiceFields('web-design')).success).toBe(true);
    expect(serviceFieldsSchema('web-design').safeParse(validServiceFields('datacenter')).success).toBe(false);
  });
});
