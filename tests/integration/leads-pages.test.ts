import request from 'supertest';
import { ORIGIN } from '../helpers/admin-client.ts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { listLeadSummaries } from '../../db/queries/admin-leads.ts';

const scriptSrc = (res: request.Response) =>
  (res.headers['content-security-policy'] as string)
    .split(';')
    .find((d) => d.trim().startsWith('script-src'))!
    .trim();

describe('lead pages as served (before JavaScript)', () => {
  const t = useTestApp(() => createTestApp());

  it('/contact renders every labelled field, the ALTCHA widget, the two status regions, and posts to itself', async () => {
    const res = await request(t.app).get('/contact');
    expect(res.status).toBe(200);
    for (const label of ['Full Name', 'Email', 'Company', 'Service', 'Message'])
      expect(res.text).toMatch(new RegExp(`<label[^>]*>${label}`));
    expect(res.text).toContain('<altcha-widget challenge="/api/captcha/challenge"');
    expect(res.text).toContain('role="status"');
    expect(res.text).toContain('role="alert"');
    // Plain HTML posts (never GETs) to the no-script notice; the honeypot is added once scripts run.
    expect(res.text).toMatch(/<form [^>]*action="\/contact" method="post"/);
    expect(res.text).toContain('<noscript>');
    expect(res.text).not.toContain('name="website"');
    expect(scriptSrc(res)).toMatch(/^script-src 'self'( 'sha256-[\w+/]+=*')*$/);
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

  it('/quote?service=…&step=2 (step 1 continued without JavaScript) serves the project details', async () => {
    const res = await request(t.app).get('/quote?service=web-hosting&step=2');
    expect(res.text).toContain('Step 2 of 3');
    expect(res.text).toMatch(/<label[^>]*>Full Name/);
    expect((await request(t.app).get('/quote?step=2')).text).toContain('Step 1 of 3');
  });

  it.each(['/contact', '/quote'])('a form posted to %s without JavaScript stores nothing and is sent back with a notice', async (path) => {
    const res = await request(t.app)
      .post(path)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${path}?script=required`);
    const page = await request(t.app).get(res.headers.location!);
    expect(page.text).toContain('Nothing was sent: this form needs JavaScript for its spam check.');
    expect(await listLeadSummaries(t.database.db, 'contact', { limit: 100 })).toEqual([]);
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
