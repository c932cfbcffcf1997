import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

const scriptSrc = (res: request.Response) =>
  (res.headers['content-security-policy'] as string).split(';').find((d) => d.trim().startsWith('script-src'))!.trim();

describe('lead pages as served (before JavaScript)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/contact renders every labelled field, the ALTCHA widget and the two status regions', async () => {
    const res = await request(t.app).get('/contact');
    expect(res.status).toBe(200);
    for (const label of ['Full Name', 'Email', 'Company', 'Service', 'Message']) expect(res.text).toMatch(new RegExp(`<label[^>]*>${label}`));
    expect(res.text).toContain('<altcha-widget challenge="/api/captcha/challenge"');
    expect(res.text).toContain('role="status"');
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('name="website"');
    expect(scriptSrc(res)).toMatch(/^script-src 'self' 'nonce-[\w-]+'$/);
  });

  it('/quote?service= preselects the service in the served HTML; an unknown id preselects nothing', async () => {
    const known = await request(t.app).get('/quote?service=web-hosting');
    expect(known.text).toContain('Step 1 of 3');
    expect(known.text).toMatch(/<input type="radio" name="service" checked="" value="web-hosting"\/>/);
    const unknown = await request(t.app).get('/quote?service=%3Cscript%3E');
    expect(unknown.status).toBe(200);
    expect(unknown.text).not.toContain('checked=""');
    expect(unknown.text).not.toContain('<script>');
  });
});

describe('CSP for third-party spam checks', () => {
  it('reCAPTCHA adds only Google’s reCAPTCHA origins, never unsafe-inline', async () => {
    const t = await createTestApp({ env: { CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: 'site-key' } });
    try {
      const res = await request(t.app).get('/contact');
      expect(scriptSrc(res)).toContain('https://www.google.com/recaptcha/');
      expect(scriptSrc(res)).not.toContain('unsafe');
      expect(res.headers['content-security-policy']).toContain('frame-src');
      expect(res.text).toContain('protected by reCAPTCHA');
      expect(res.text).not.toContain('altcha-widget');
    } finally {
      await t.close();
    }
  });
});
