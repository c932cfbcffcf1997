import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { POSSIBLE_SPAM } from '../../shared/admin.ts';
import { DASHBOARD_TEXT } from '../../shared/admin-texts.ts';
import { dashboardData, inboxLeads, signedInStaffApp } from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha, submissionTimes } from '../helpers/leads.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/*
 * A person who fills a form in faster than MIN_FILL_MS is told "sent" like anyone else (the spam rules stay
 * invisible), and the lead is held as possible spam. Staff see how many are held on the dashboard, with a link to
 * exactly those: not the bots caught by the hidden field (docs/product.md#spam).
 */
describe.each(configuredEngines())('leads held as possible spam on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine, env: LEAD_TEST_ENV }));

  async function send(name: 'submitQuote' | 'submitContact', data: Record<string, unknown>) {
    const challenge = await request(t.app).get('/api/captcha/challenge');
    const token = await solveAltcha(challenge.body as Challenge);
    return request(t.app)
      .post(`/functions/${name}`)
      .send({ data: { ...data, 'g-recaptcha-response': token } });
  }

  it('a quick visitor is told "sent"; the dashboard counts the held lead and links to it, bots left out', async () => {
    const before = (await dashboardData(t.staff)).heldLeadCount;
    const quick = await send('submitQuote', goodQuote('web-hosting', { name: 'Quick Typist', ...submissionTimes(1_000) }));
    expect(quick.status).toBe(200);
    expect(quick.body.result).toMatchObject({ success: true });
    const bot = await send('submitContact', goodContact({ name: 'Hidden Field Bot', website: 'http://spam.example' }));
    expect(bot.status).toBe(200);

    const dashboard = await dashboardData(t.staff);
    expect(dashboard.heldLeadCount).toBe(before + 1);
    const page = await t.staff.req('get', '/admin/dashboard');
    const link = `<a href="/admin/leads?status=${POSSIBLE_SPAM}">${DASHBOARD_TEXT.heldLeads(before + 1)}</a>`;
    expect(page.text).toContain(link);

    const held = await inboxLeads(t.staff, `?status=${POSSIBLE_SPAM}`);
    expect(held.map((l) => l.name)).toContain('Quick Typist');
    expect(held.map((l) => l.name)).not.toContain('Hidden Field Bot');
    expect(held.every((l) => l.status === 'spam' && l.spamReason === 'too-fast')).toBe(true);
    const listPage = await t.staff.req('get', `/admin/leads?status=${POSSIBLE_SPAM}`);
    expect(listPage.text).toContain('Quick Typist');
    expect(listPage.text).not.toContain('Hidden Field Bot');
  });

  it('with nothing held, the dashboard says nothing about it', async () => {
    const fresh = await signedInStaffApp({ engine, env: LEAD_TEST_ENV });
    try {
      expect((await dashboardData(fresh.staff)).heldLeadCount).toBe(0);
      expect((await fresh.staff.req('get', '/admin/dashboard')).text).not.toContain('held as possible spam');
    } finally {
      await fresh.close();
    }
  });
});
