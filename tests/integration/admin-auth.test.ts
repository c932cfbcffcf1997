import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../server/staff/totp.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { configuredEngines, createTestApp } from '../helpers/test-app.ts';
import {
  ORIGIN,
  STAFF,
  StaffClient,
  auditEntries,
  createStaff,
  insertQuote,
  leadDetail,
  provenAgo,
  sessionCookie,
  staffApp,
  twoSignedInBrowsers,
} from '../helpers/admin-client.ts';
import { listUserSessions } from '../../db/queries/sessions.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { RECENT_PASSWORD_MS } from '../../server/staff/recent-password.ts';

const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/leads',
  '/admin/blog',
  '/admin/blog-editor',
  '/admin/blog-editor/00000000-0000-4000-8000-000000000000',
  '/admin/preview/00000000-0000-4000-8000-000000000000',
  '/admin/leads/quote/00000000-0000-4000-8000-000000000000',
  '/admin/audit',
  '/admin/account',
  '/admin/staff',
  '/admin/staff/00000000-0000-4000-8000-000000000000',
];

const ADMIN_API: Array<['get' | 'post' | 'patch' | 'put' | 'delete', string]> = [
  ['get', '/api/admin/account'],
  ['post', '/api/admin/account/password'],
  ['post', '/api/admin/account/sessions/end-others'],
  ['post', '/api/admin/account/totp/start'],
  ['post', '/api/admin/account/totp/enable'],
  ['post', '/api/admin/account/totp/disable'],
  ['post', '/api/admin/account/passkeys/options'],
  ['post', '/api/admin/account/passkeys'],
  ['patch', '/api/admin/account/passkeys/x'],
  ['post', '/api/admin/account/passkeys/x/remove'],
  ['get', '/api/admin/leads'],
  ['patch', '/api/admin/leads/quote/x'],
  ['delete', '/api/admin/leads/quote/x'],
  ['post', '/api/admin/outbox/x/retry'],
  ['get', '/api/admin/audit'],
  ['post', '/admin/leads/export.csv'],
  ['get', '/api/admin/posts'],
  ['post', '/api/admin/posts'],
  ['put', '/api/admin/posts/x'],
  ['delete', '/api/admin/posts/x'],
  ['post', '/api/admin/staff/invitations'],
  ['post', '/api/admin/staff/x/deactivate'],
  ['post', '/api/admin/staff/x/reactivate'],
  ['post', '/api/admin/staff/x/sessions/y/end'],
];

describe.each(configuredEngines())('staff sign-in on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));

  it('staff signs in with the right password and gets a fresh, locked-down session cookie', async () => {
    const staff = new StaffClient(t.app);
    const res = await staff.signIn();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirect: '/admin/dashboard' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-sid='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(8 * 3600_000 + 5000);
    const account = await staff.req('get', '/api/admin/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ email: STAFF.email, name: STAFF.name, hasTwoFactor: false });
    const [audit] = await auditEntries(staff, { action: 'auth.sign_in' });
    expect(audit).toMatchObject({ actor: STAFF.email, ip: staff.ip });
  });

  it('staff trying the production build on http://localhost can sign in: the cookie is Secure only for an https site', async () => {
    const local = await createTestApp({ engine, env: { SITE_URL: 'http://localhost:3000' } });
    try {
      await createStaff(local.database.db);
      const res = await request(local.app)
        .post('/admin/login')
        .set('Origin', 'http://localhost:3000')
        .send({ email: STAFF.email, password: STAFF.password });
      expect(res.status).toBe(200);
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))!;
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).not.toMatch(/; Secure/);
    } finally {
      await local.close();
    }
  });

  it('a wrong password and an unknown email get the same text, and no session', async () => {
    const wrong = await new StaffClient(t.app).req('post', '/admin/login').send({ email: STAFF.email, password: 'not the password' });
    const unknown = await new StaffClient(t.app)
      .req('post', '/admin/login')
      .send({ email: 'nobody@example.com', password: 'whatever it is' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(MESSAGES.loginFailed);
      expect(res.body.error.message).toBe('Invalid email or password');
      expect(sessionCookie(res)).toBeNull();
    }
  });

  it('a sign-in form without email or password is refused', async () => {
    const res = await new StaffClient(t.app).req('post', '/admin/login').send({ email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toEqual({ email: 'Enter your email.', password: 'Enter your password.' });
  });

  it('a plain form post (no JavaScript) that fails goes back to the login page with the reason and next', async () => {
    const res = await new StaffClient(t.app)
      .req('post', '/admin/login')
      .type('form')
      .send({ email: STAFF.email, password: 'nope nope nope', next: '/admin/leads' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/login?error=invalid&next=%2Fadmin%2Fleads');
    const page = await request(t.app).get('/admin/login?error=invalid&next=%2Fadmin%2Fleads');
    expect(page.text).toContain(MESSAGES.loginFailed);
  });

  it('signing in again gives a new session id and the old one stops working (no session fixation)', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const before = staff.cookie!;
    // A session id planted by someone else (here: a still-valid one) is replaced at sign-in.
    await staff.signIn();
    expect(staff.cookie).not.toBe(before);
    const old = await request(t.app).get('/api/admin/account').set('X-Forwarded-Proto', 'https').set('Cookie', before);
    expect(old.status).toBe(401);
    expect((await staff.req('get', '/api/admin/account')).status).toBe(200);
  });

  it('staff signs out with a POST; the session ends, its stored row deleted (storage check), and its cookie is cleared', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const cookie = staff.cookie!;
    const withoutToken = await staff.req('post', '/admin/logout', { csrf: false }).type('form').send({});
    expect(withoutToken.status).toBe(403);
    const res = await staff.req('post', '/admin/logout', { csrf: false }).type('form').send({ _csrf: staff.csrf });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/login?signedOut=1');
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join()).toMatch(/__Host-sid=;.*Expires=Thu, 01 Jan 1970/);
    const again = await request(t.app).get('/admin/dashboard').set('X-Forwarded-Proto', 'https').set('Cookie', cookie);
    expect(again.status).toBe(302);
    expect(
      await t.database.db
        .selectFrom('sessions')
        .select('sid')
        .where(
          'sid',
          '=',
          createHash('sha256')
            .update(decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!)
            .digest('hex'),
        )
        .execute(),
    ).toEqual([]);
    const reader = new StaffClient(t.app);
    expect((await reader.signIn()).status).toBe(200);
    const signOuts = await auditEntries(reader, { action: 'auth.sign_out' });
    expect(signOuts.map((e) => e.actor)).toContain(STAFF.email);
  });

  it('the header shows the Admin menu only to signed-in staff, on public pages too', async () => {
    const staff = new StaffClient(t.app);
    const anonymous = await staff.req('get', '/about');
    expect(anonymous.text).not.toContain('href="/admin/dashboard"');
    // Visitors get no session (and no cookie) at all: public pages stay cacheable.
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    expect((await staff.req('get', '/admin/login')).headers['set-cookie']).toBeUndefined();
    await staff.signIn();
    const page = await staff.req('get', '/about');
    expect(page.text).toContain('href="/admin/dashboard"');
    expect(page.text).toMatch(/<form[^>]+action="\/admin\/logout" method="post">/);
  });

  it.each(ADMIN_PAGES)('a signed-out visitor to %s is sent to the login page with next', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
  });

  it.each(ADMIN_API)('a signed-out %s %s is refused', async (method, path) => {
    const res = await request(t.app)[method](path).set('Origin', ORIGIN).set('Accept', 'application/json');
    expect(res.status).toBe(401);
  });

  it('after sign-in staff land on next, and only on local paths', async () => {
    const cases: Array<[string, string]> = [
      ['/admin/leads?status=new', '/admin/leads?status=new'],
      ['https://evil.example/phish', '/admin/dashboard'],
      ['//evil.example/phish', '/admin/dashboard'],
      ['/\\evil.example', '/admin/dashboard'],
      ['javascript:alert(1)', '/admin/dashboard'],
    ];
    for (const [next, expected] of cases) {
      const staff = new StaffClient(t.app);
      const res = await staff.req('post', '/admin/login').type('form').send({ email: STAFF.email, password: STAFF.password, next });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(expected);
    }
    const login = await request(t.app).get('/admin/login?next=%2F%2Fevil.example');
    expect(login.text).toContain('name="next" value="/admin/dashboard"');
  });

  it('a signed-in visitor to the login page goes straight to next', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const res = await staff.req('get', '/admin/login?next=%2Fadmin%2Fblog');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/admin/blog');
  });

  it('a POST from another origin is refused, even with a valid session and token', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const id = await insertQuote(t.database.db);
    const evil = await staff.req('patch', `/api/admin/leads/quote/${id}`, { origin: 'https://evil.example' }).send({ status: 'contacted' });
    expect(evil.status).toBe(403);
    const noOrigin = await staff.req('patch', `/api/admin/leads/quote/${id}`, { origin: null }).send({ status: 'contacted' });
    expect(noOrigin.status).toBe(403);
    const evilReferer = await staff
      .req('patch', `/api/admin/leads/quote/${id}`, { origin: null })
      .set('Referer', 'https://evil.example/page')
      .send({ status: 'contacted' });
    expect(evilReferer.status).toBe(403);
    const evilLogin = await new StaffClient(t.app)
      .req('post', '/admin/login', { origin: 'https://evil.example' })
      .send({ email: STAFF.email, password: STAFF.password });
    expect(evilLogin.status).toBe(403);
    expect(sessionCookie(evilLogin)).toBeNull();
    expect((await leadDetail(staff, 'quote', id))!.status).toBe('new');
    // The same request from the site itself (Referer when Origin is missing) goes through.
    const ours = await staff
      .req('patch', `/api/admin/leads/quote/${id}`, { origin: null })
      .set('Referer', `${ORIGIN}/admin/leads`)
      .send({ status: 'contacted' });
    expect(ours.status).toBe(200);
  });

  it('a cross-origin POST to the public functions is refused too; one with no Origin is not', async () => {
    const evil = await request(t.app).post('/functions/submitContact').set('Origin', 'https://evil.example').send({ data: {} });
    expect(evil.status).toBe(403);
    expect(evil.body.error.message).toBe(ADMIN_MESSAGES.crossOrigin);
    const server = await request(t.app).post('/functions/submitContact').send({ data: {} });
    expect(server.body.error?.message).not.toBe(ADMIN_MESSAGES.crossOrigin);
  });

  it('an admin change without the session CSRF token is refused', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const id = await insertQuote(t.database.db);
    const res = await staff.req('patch', `/api/admin/leads/quote/${id}`, { csrf: false }).send({ status: 'contacted' });
    expect(res.status).toBe(403);
    const forged = await staff
      .req('patch', `/api/admin/leads/quote/${id}`, { csrf: false })
      .set('X-CSRF-Token', 'x'.repeat(43))
      .send({ status: 'contacted' });
    expect(forged.status).toBe(403);
  });

  it('a session past its idle expiry is no longer signed in', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', 'is not', null)
      .execute();
    expect((await staff.req('get', '/api/admin/account')).status).toBe(401);
  });

  it('staff changes their password: the old one stops working and other sessions end', async () => {
    await createStaff(t.database.db, { email: 'pat@northbridge-it.com.au', name: 'Pat' });
    const [laptop, phone] = await twoSignedInBrowsers(t.app, 'pat@northbridge-it.com.au');
    const wrong = await laptop
      .req('post', '/api/admin/account/password')
      .send({ currentPassword: 'nope', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.fields.currentPassword).toBe('Your current password is not correct.');
    const short = await laptop
      .req('post', '/api/admin/account/password')
      .send({ currentPassword: STAFF.password, newPassword: 'short', confirmPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.details.fields.newPassword).toBe('Use at least 12 characters.');
    const ok = await laptop
      .req('post', '/api/admin/account/password')
      .send({ currentPassword: STAFF.password, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(ok.status).toBe(200);
    expect((await phone.req('get', '/api/admin/account')).status).toBe(401);
    expect((await laptop.req('get', '/api/admin/account')).status).toBe(200);
    expect((await new StaffClient(t.app).signIn('pat@northbridge-it.com.au')).status).toBe(401);
    expect((await new StaffClient(t.app).signIn('pat@northbridge-it.com.au', 'a brand new passphrase')).status).toBe(200);
  });

  it('staff signs out every other session', async () => {
    await createStaff(t.database.db, { email: 'lee@northbridge-it.com.au', name: 'Lee' });
    const [a, b] = await twoSignedInBrowsers(t.app, 'lee@northbridge-it.com.au');
    expect((await a.req('get', '/api/admin/account')).body.otherSessions).toBe(1);
    const res = await a.req('post', '/api/admin/account/sessions/end-others').send({});
    expect(res.body.ended).toBe(1);
    expect((await b.req('get', '/api/admin/account')).status).toBe(401);
    expect((await a.req('get', '/api/admin/account')).body.otherSessions).toBe(0);
  });

  it('staff sets up two-factor sign-in, then needs a code (or a recovery code, once) to sign in', async () => {
    await createStaff(t.database.db, { email: 'tfa@northbridge-it.com.au', name: 'Tia' });
    const staff = new StaffClient(t.app);
    await staff.signIn('tfa@northbridge-it.com.au');
    const start = await staff.req('post', '/api/admin/account/totp/start').send({});
    expect(start.status).toBe(200);
    expect(start.body.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = start.body.secret as string;
    const bad = await staff
      .req('post', '/api/admin/account/totp/enable')
      .send({ code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(bad.status).toBe(400);
    const enabled = await staff.req('post', '/api/admin/account/totp/enable').send({ code: totpCode(secret) });
    expect(enabled.status).toBe(200);
    const recoveryCodes = enabled.body.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);

    const next = new StaffClient(t.app);
    const step1 = await next.signIn('tfa@northbridge-it.com.au');
    expect(step1.body).toEqual({ twoFactorRequired: true, step: 'code', passkey: false });
    expect((await next.req('get', '/api/admin/account')).status).toBe(401);
    const wrong = next.keep(await next.req('post', '/admin/login/code').send({ code: '12345x' }));
    expect(wrong.status).toBe(401);
    // The set-up used this step's code; the app's next code (one step ahead is accepted) signs in.
    const nextCode = totpCode(secret, Date.now() + 30_000);
    const ok = next.keep(await next.req('post', '/admin/login/code').send({ code: nextCode }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ redirect: '/admin/dashboard' });
    expect((await next.req('get', '/api/admin/account')).body.hasTwoFactor).toBe(true);

    const replay = new StaffClient(t.app);
    await replay.signIn('tfa@northbridge-it.com.au');
    expect((await replay.req('post', '/admin/login/code').send({ code: nextCode })).status).toBe(401);

    const withRecovery = new StaffClient(t.app);
    await withRecovery.signIn('tfa@northbridge-it.com.au');
    const used = withRecovery.keep(await withRecovery.req('post', '/admin/login/code').send({ code: recoveryCodes[0] }));
    expect(used.status).toBe(200);
    const reuse = new StaffClient(t.app);
    await reuse.signIn('tfa@northbridge-it.com.au');
    expect((await reuse.req('post', '/admin/login/code').send({ code: recoveryCodes[0] })).status).toBe(401);
  });

  // Security finding 6: a session left open or stolen could turn the authenticator app on and lock the person out.
  it('a session signed in over 10 minutes ago turns on two-factor sign-in only with the password given again, as for a passkey', async () => {
    const { id } = await createStaff(t.database.db, { email: 'stale@northbridge-it.com.au', name: 'Stan' });
    const staff = new StaffClient(t.app);
    await staff.signIn('stale@northbridge-it.com.au');
    const early = await staff.req('post', '/api/admin/account/totp/start').send({});
    expect(early.status).toBe(200);
    await provenAgo(t.database.db, id, RECENT_PASSWORD_MS + 1000);

    const asked = { password: ADMIN_MESSAGES.twoFactorSetUpPassword };
    const enable = await staff.req('post', '/api/admin/account/totp/enable').send({ code: totpCode(early.body.secret) });
    expect(enable.status).toBe(400);
    expect(enable.body.error.details.fields).toEqual(asked);
    const start = await staff.req('post', '/api/admin/account/totp/start').send({});
    expect(start.status).toBe(400);
    expect(start.body.error.details.fields).toEqual(asked);
    const wrong = await staff.req('post', '/api/admin/account/totp/start').send({ password: 'not my password at all' });
    expect(wrong.body.error.details.fields).toEqual({ password: ADMIN_MESSAGES.passwordWrong });
    expect((await staff.req('get', '/api/admin/account')).body.hasTwoFactor).toBe(false);

    const proven = await staff.req('post', '/api/admin/account/totp/start').send({ password: STAFF.password });
    expect(proven.status).toBe(200);
    // Proven again just now: the code alone turns it on.
    const enabled = await staff.req('post', '/api/admin/account/totp/enable').send({ code: totpCode(proven.body.secret) });
    expect(enabled.status).toBe(200);
    expect((await staff.req('get', '/api/admin/account')).body.hasTwoFactor).toBe(true);
  });

  it('a code without a password step first is refused', async () => {
    const res = await new StaffClient(t.app).req('post', '/admin/login/code').send({ code: '123456' });
    expect(res.status).toBe(401);
  });
});

describe.each(configuredEngines())('sign-in throttling on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));

  it('after 5 failures in 15 minutes an account is locked, even for the right password, with 429', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await new StaffClient(t.app).signIn(STAFF.email, `wrong password ${i}`);
      expect(res.status).toBe(401);
    }
    const res = await new StaffClient(t.app).signIn();
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    const form = await new StaffClient(t.app)
      .req('post', '/admin/login')
      .type('form')
      .send({ email: STAFF.email, password: STAFF.password });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/admin/login?error=throttled&minutes=15');
    const page = await request(t.app).get('/admin/login?error=throttled&minutes=15');
    expect(page.text).toContain('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('after 5 failures from one IP, that IP is refused for every account', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i += 1) {
      expect((await new StaffClient(t.app, ip).signIn(`guess${i}@example.com`, 'password123456')).status).toBe(401);
    }
    expect((await new StaffClient(t.app, ip).signIn('someone-else@example.com', 'password123456')).status).toBe(429);
    expect((await new StaffClient(t.app, '192.0.2.78').signIn('someone-else@example.com', 'password123456')).status).toBe(401);
  });

  it('failed sign-ins are in the audit log with the email tried and the IP', async () => {
    // Read by a colleague on the audit log page (the staff account itself is locked out by now).
    await createStaff(t.database.db, { email: 'auditor@northbridge-it.com.au', name: 'Alex Auditor' });
    const reader = new StaffClient(t.app);
    expect((await reader.signIn('auditor@northbridge-it.com.au')).status).toBe(200);
    const rows = await auditEntries(reader, { action: 'auth.sign_in_failed' });
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const tried = rows.find((r) => r.target === STAFF.email);
    expect(tried).toMatchObject({ target: STAFF.email, userId: null });
    expect(tried!.ip).toMatch(/^10\./);
  });
});

describe.each(configuredEngines())('required two-factor sign-in on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine, env: { REQUIRE_2FA: 'true', SESSION_IDLE_HOURS: '100', SESSION_MAX_DAYS: '1' } }));

  it('staff without it are sent to set it up, and nothing else opens until they do', async () => {
    const staff = new StaffClient(t.app);
    const res = await staff.signIn();
    expect(res.body).toEqual({ redirect: '/admin/account' });
    const dashboard = await staff.req('get', '/admin/dashboard');
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.location).toBe('/admin/account');
    expect((await staff.req('get', '/api/admin/leads')).status).toBe(403);
    const start = await staff.req('post', '/api/admin/account/totp/start').send({});
    await staff.req('post', '/api/admin/account/totp/enable').send({ code: totpCode(start.body.secret) });
    expect((await staff.req('get', '/api/admin/leads')).status).toBe(200);
    expect((await staff.req('post', '/api/admin/account/totp/disable').send({ password: STAFF.password })).status).toBe(403);
  });

  it('the absolute lifetime caps the idle expiry', async () => {
    const user = await createStaff(t.database.db, { email: 'cap@northbridge-it.com.au' });
    const staff = new StaffClient(t.app);
    await staff.signIn('cap@northbridge-it.com.au');
    const [session] = await listUserSessions(t.database.db, user.id, new Date().toISOString());
    const left = Date.parse(session!.expiresAt) - Date.now();
    expect(left).toBeLessThanOrEqual(24 * 3600_000);
    expect(left).toBeGreaterThan(23 * 3600_000);
  });
});
