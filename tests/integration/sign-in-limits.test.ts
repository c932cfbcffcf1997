import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { totpCode } from '../../server/staff/totp.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';
import {
  ADMIN_TEST_ENV,
  ORIGIN,
  STAFF,
  StaffClient,
  auditEntries,
  createStaff,
  enableTwoFactor,
  staffApp,
  staffService,
  twoSignedInBrowsers,
} from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV, solveAltcha } from '../helpers/leads.ts';
import { useTestApp } from '../helpers/suite-app.ts';

/** Moves every reserved attempt back past the window, as if LOGIN_WINDOW_MINUTES had passed. */
async function letWindowPass(t: TestApp): Promise<void> {
  const past = new Date(Date.now() - (t.config.LOGIN_WINDOW_MINUTES * 60_000 + 1000)).toISOString();
  await t.database.db.updateTable('sign_in_attempts').set({ created_at: past }).execute();
}

/** The failed sign-ins the audit log records for an address (the account is locked: no one can open the log page). */
async function failedSignIns(t: TestApp, email: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'auth.sign_in_failed')
    .where('target', '=', email)
    .execute();
  return rows.length;
}

describe.each(configuredEngines())('sign-in limits under attack on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));
  let base: string;
  beforeAll(() => {
    base = `http://127.0.0.1:${(t.app.address() as AddressInfo).port}`;
  });

  // Finding 1: the limit was read before the slow check and written after it, so a burst all got checked.
  it('300 parallel wrong passwords from one address: at most LOGIN_MAX_FAILURES are checked, the rest get 429 (or 503 while the address already has checks waiting)', async () => {
    const post = (password: string) =>
      fetch(`${base}/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' },
        body: JSON.stringify({ email: STAFF.email, password }),
      });
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => post(`wrong password ${i}`)));
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(t.config.LOGIN_MAX_FAILURES);
    const tally = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    // An address may have two checks waiting for a hashing slot (hash-queue.ts): one more is refused with 503 at
    // once, uncounted (before or after its reservation, which then goes to the next in line).
    expect(statuses.filter((s) => s === 429 || s === 503).length, JSON.stringify(tally)).toBe(300 - checked);
    expect(await failedSignIns(t, STAFF.email)).toBe(checked);
    // Guesses refused for room were never checked and do not count: one at a time, the rest of the limit is
    // checked, and no more.
    let answer = await post('wrong again');
    for (let more = 1; answer.status === 401 && more <= t.config.LOGIN_MAX_FAILURES; more += 1) answer = await post(`wrong again ${more}`);
    expect(answer.status).toBe(429);
    expect(await failedSignIns(t, STAFF.email)).toBe(t.config.LOGIN_MAX_FAILURES);

    // The right password is refused too, from there and from a new address, until the window passes.
    expect((await post(STAFF.password)).status).toBe(429);
    expect((await new StaffClient(t.app, '198.51.100.8').signIn()).status).toBe(429);
    await letWindowPass(t);
    expect((await post(STAFF.password)).status).toBe(200);
  });

  // The same burst from the owner's own browser: its checks are never refused for room in the hashing queue, so
  // every one reaches the reservation, and the limit alone decides.
  it('300 parallel wrong passwords from a known browser: at most LOGIN_MAX_FAILURES are checked, every other one 429', async () => {
    const owner = new StaffClient(base, '198.51.100.20');
    expect((await owner.signIn()).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => owner.req('post', '/admin/login').send({ email: STAFF.email, password: `typo ${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(t.config.LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBe(300 - checked);
    await letWindowPass(t);
  });
});

describe.each(configuredEngines())('account lock-out by strangers on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));

  // Finding 3: five failures from anywhere locked the owner out, repeatable forever.
  it('failures from many addresses lock out unknown browsers, but not the browser the owner signed in with before', async () => {
    const owner = new StaffClient(t.app, '203.0.113.10');
    expect((await owner.signIn()).status).toBe(200);
    const device = owner.deviceCookie;
    expect(device).toMatch(/^__Host-device=/);

    for (let i = 0; i < 8; i += 1) await new StaffClient(t.app, `192.0.2.${i + 1}`).signIn(STAFF.email, `guess ${i}`);
    expect((await new StaffClient(t.app, '192.0.2.200').signIn()).status).toBe(429);

    // The owner's browser, with the cookie its earlier sign-in left, still gets in (from a new address too).
    const back = new StaffClient(t.app, '203.0.113.99');
    back.deviceCookie = device;
    expect((await back.signIn()).status).toBe(200);
    // A forged or foreign device cookie is just an unknown browser.
    const forged = new StaffClient(t.app, '203.0.113.98');
    forged.deviceCookie = `${device!.split('.')[0]}.AAAA`;
    expect((await forged.signIn()).status).toBe(429);
    // What happened is in the audit log the owner reads.
    const failures = await auditEntries(back, { action: 'auth.sign_in_failed' });
    expect(failures.length).toBe(t.config.LOGIN_MAX_FAILURES);
  });

  it('a known device has its own limit: wrong passwords from it are limited too', async () => {
    const owner = new StaffClient(t.app, '203.0.113.20');
    await t.database.db.deleteFrom('sign_in_attempts').execute();
    expect((await owner.signIn()).status).toBe(200);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i += 1) expect((await owner.signIn(STAFF.email, `typo ${i}`)).status).toBe(401);
    expect((await owner.signIn()).status).toBe(429);
  });
});

// Security finding 5: a flood of guesses from many addresses at made-up e-mails was hashed in arrival order,
// and held real staff's sign-ins behind it.
describe.each(configuredEngines())('a site-wide spike of failed sign-ins on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine, env: { ...LEAD_TEST_ENV, LOGIN_PROOF_AFTER: '6' } }));
  /** The site-wide count is read at most once a second (sign-in-proof.ts). */
  const spikeReadAgain = () => new Promise((resolve) => setTimeout(resolve, 1100));
  const solvedProof = async () => solveAltcha((await request(t.app).get('/admin/login/challenge').expect(200)).body as Challenge);

  it('asks browsers no account knows for a proof of work, spends each proof once, and lets known browsers straight in', async () => {
    const owner = new StaffClient(t.app, '203.0.113.30');
    expect((await owner.signIn()).status).toBe(200);
    // Six guesses at made-up e-mails from six addresses: the site-wide count reaches LOGIN_PROOF_AFTER.
    for (let i = 0; i < 6; i += 1)
      expect((await new StaffClient(t.app, `192.0.2.${50 + i}`).signIn(`nobody${i}@example.com`, 'guess')).status).toBe(401);
    await spikeReadAgain();

    // A new browser with the right password: refused before its password is checked, and told why.
    const stranger = new StaffClient(t.app, '203.0.113.31');
    const refused = await stranger.signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ status: 'PERMISSION_DENIED', message: ADMIN_MESSAGES.signInProofNeeded });
    const form = await stranger.req('post', '/admin/login').type('form').send({ email: STAFF.email, password: STAFF.password });
    expect(form.status).toBe(303);
    expect(form.headers.location).toMatch(/^\/admin\/login\?error=proof/);
    expect(
      (await stranger.req('post', '/admin/login').send({ email: STAFF.email, password: STAFF.password, proof: 'forged' })).status,
    ).toBe(403);

    // With a solved challenge it signs in; the same solution does not work twice.
    const proof = await solvedProof();
    expect(
      stranger.keep(await stranger.req('post', '/admin/login').send({ email: STAFF.email, password: STAFF.password, proof })).status,
    ).toBe(200);
    const replay = new StaffClient(t.app, '203.0.113.32');
    expect((await replay.req('post', '/admin/login').send({ email: STAFF.email, password: STAFF.password, proof })).status).toBe(403);

    // The owner's browser, known to the account, needs no proof.
    const back = new StaffClient(t.app, '203.0.113.33');
    back.deviceCookie = owner.deviceCookie;
    expect((await back.signIn()).status).toBe(200);
  });

  it('once the failures leave the minute, no proof is asked for', async () => {
    const past = new Date(Date.now() - 61_000).toISOString();
    await t.database.db.updateTable('sign_in_attempts').set({ created_at: past }).execute();
    await spikeReadAgain();
    expect((await new StaffClient(t.app, '203.0.113.40').signIn()).status).toBe(200);
  });
});

describe.each(configuredEngines())('second factor under parallel use on %s', (engine) => {
  // A high limit, so what is tested here is the one-use rule, not the attempt limit.
  const t = useTestApp(() => createTestApp({ engine, env: { ...ADMIN_TEST_ENV, LOGIN_MAX_FAILURES: '100' } }));
  let secret: string;
  const email = 'tfa-race@northbridge-it.com.au';
  let recoveryCodes: string[];
  beforeAll(async () => {
    const user = await createStaff(t.database.db, { email });
    const staff = staffService(t.database.db, t.config);
    secret = staff.startTotpSetup(email).secret;
    recoveryCodes = await staff.enableTotp(SYSTEM_ACTOR, user.id, secret, totpCode(secret, Date.now() - 30_000));
  });

  async function pendingClients(n: number): Promise<StaffClient[]> {
    const clients = Array.from({ length: n }, (_, i) => new StaffClient(t.app, `10.9.0.${i + 1}`));
    for (const c of clients) expect((await c.signIn(email)).body).toEqual({ twoFactorRequired: true, step: 'code', passkey: false });
    return clients;
  }

  it.each([
    ['TOTP code', () => totpCode(secret)],
    ['recovery code', () => recoveryCodes[0]!],
  ])('one %s sent by 12 sessions at once signs in exactly one of them', async (_, codeNow) => {
    const clients = await pendingClients(12);
    const code = codeNow();
    const statuses = await Promise.all(clients.map(async (c) => (await c.req('post', '/admin/login/code').send({ code })).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });
});

describe.each(configuredEngines())('second-factor guesses on %s', (engine) => {
  const t = useTestApp(async () => {
    const app = await createTestApp({ engine, env: ADMIN_TEST_ENV });
    await enableTwoFactor(app.database.db, app.config, await createStaff(app.database.db));
    return app;
  });

  it('30 parallel wrong codes after the right password: at most LOGIN_MAX_FAILURES are checked', async () => {
    const staff = new StaffClient(t.app);
    expect((await staff.signIn()).body).toEqual({ twoFactorRequired: true, step: 'code', passkey: false });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        staff
          .req('post', '/admin/login/code')
          .send({ code: String(100000 + i) })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(t.config.LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - t.config.LOGIN_MAX_FAILURES);
  });
});

describe.each(configuredEngines())('re-entering the password while signed in on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));

  // Finding 4: changing the password took unlimited guesses of the current one.
  it('wrong current passwords on the password form are limited like sign-ins', async () => {
    const staff = new StaffClient(t.app);
    await staff.signIn();
    const change = (currentPassword: string) =>
      staff
        .req('post', '/api/admin/account/password')
        .send({ currentPassword, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i += 1) {
      const wrong = await change(`guess ${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.details.fields).toHaveProperty('currentPassword');
    }
    const limited = await change(STAFF.password);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('turning two-factor sign-in off takes limited guesses and signs out every other session', async () => {
    await t.database.db.deleteFrom('sign_in_attempts').execute();
    const [staff, other] = await twoSignedInBrowsers(t.app);
    const start = await staff.req('post', '/api/admin/account/totp/start').send({});
    await staff.req('post', '/api/admin/account/totp/enable').send({ code: totpCode(start.body.secret) });
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i += 1) {
      expect((await staff.req('post', '/api/admin/account/totp/disable').send({ password: `guess ${i}` })).status).toBe(400);
    }
    expect((await staff.req('post', '/api/admin/account/totp/disable').send({ password: STAFF.password })).status).toBe(429);
    await t.database.db.deleteFrom('sign_in_attempts').execute();
    expect((await staff.req('post', '/api/admin/account/totp/disable').send({ password: STAFF.password })).status).toBe(200);
    expect((await other.req('get', '/api/admin/account')).status).toBe(401);
    expect((await staff.req('get', '/api/admin/account')).status).toBe(200);
  });
});
