import { describe, expect, it } from 'vitest';
import { ContactFieldsSchema, ContactSchema } from './contact.ts';
import { fieldErrors } from './fields.ts';

const good = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Pty Ltd',
  service: 'web-design',
  message: 'Hello there',
};

function errorsOf(input: unknown) {
  const result = ContactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('ContactSchema', () => {
  it('accepts a complete message, with or without the optional fields', () => {
    expect(ContactSchema.safeParse(good).success).toBe(true);
    expect(ContactSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'Hi' }).success).toBe(true);
    expect(ContactSchema.safeParse({ ...good, service: 'other', company: null }).success).toBe(true);
  });

  it('reads empty optional fields as not given, as a client posting its whole form state sends them', () => {
    const result = ContactSchema.parse({ ...good, company: '', service: '', website: '', startedAt: '' });
    expect(result).not.toHaveProperty('company');
    expect(result).not.toHaveProperty('service');
    expect(errorsOf({ ...good, message: '' })).toEqual({ message: 'Message is required.' });
  });

  it('keeps text exactly as typed', () => {
    const typed = { ...good, name: '  <b>Zoë</b> 🚀 ', message: "Robert'); DROP TABLE contacts;--" };
    const result = ContactSchema.parse(typed);
    expect(result.name).toBe(typed.name);
    expect(result.message).toBe(typed.message);
  });

  it.each([
    ['name', { ...good, name: undefined }, 'Full Name is required.'],
    ['name', { ...good, name: '   ' }, 'Full Name is required.'],
    ['email', { ...good, email: '' }, 'Email is required.'],
    ['email', { ...good, email: 'not-an-email' }, 'Enter a valid email address, like name@example.com.'],
    ['message', { ...good, message: undefined }, 'Message is required.'],
    ['service', { ...good, service: 'plumbing' }, 'Choose one of the listed options for service.'],
    ['name', { ...good, name: 'x'.repeat(101) }, 'Full Name must be at most 100 characters.'],
    ['message', { ...good, message: 'x'.repeat(5001) }, 'Message must be at most 5,000 characters.'],
    ['email', { ...good, email: `${'a'.repeat(250)}@b.co` }, undefined],
    ['company', { ...good, company: 42 }, 'This value is not valid.'],
  ])('refuses a bad %s', (field, input, message) => {
    const errors = errorsOf(input);
    expect(Object.keys(errors)).toEqual([field]);
    if (message) expect(errors[field]).toBe(message);
  });

  it('refuses unknown fields, one entry each', () => {
    expect(errorsOf({ ...good, admin: true, status: 'won' })).toEqual({
      admin: 'This field is not accepted.',
      status: 'This field is not accepted.',
    });
  });

  it('carries the captcha token, times and honeypot only in the request schema', () => {
    const meta = {
      'g-recaptcha-response': 'token',
      submittedAt: '2026-11-22T01:00:00.000Z',
      startedAt: '2026-11-22T00:59:00.000Z',
      website: '',
    };
    expect(ContactSchema.safeParse({ ...good, ...meta }).success).toBe(true);
    expect(ContactFieldsSchema.safeParse({ ...good, ...meta }).success).toBe(false);
    expect(errorsOf({ ...good, submittedAt: 'yesterday' })).toHaveProperty('submittedAt');
  });
});
