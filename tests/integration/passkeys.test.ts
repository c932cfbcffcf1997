import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { ORIGIN, STAFF, StaffClient, auditEntries, createStaff, provenAgo, staffApp, staffService } from '../helpers/admin-client.ts';
import { type Bend, SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { RECENT_PASSWORD_MS } from '../../server/staff/recent-password.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/*
 * Passkeys (docs/product.md#passkeys) with real WebAuthn registrations and assertions from a software
 * authenticator: added from a signed-in session, signing in alone, and refused whenever anything is off.
 */

/** Adds a passkey made by `authenticator` to the signed-in `client`'s account; answers the server's response. */
async function addPasskey(client: StaffClient, authenticator: SoftwareAuthenticator, name: string, bend: Bend = {}) {
  const options = await client.req('post', '/api/admin/account/passkeys/options').send({});
  expect(options.status).toBe(200);
  return client.req('post', '/api/admin/account/passkeys').send({ name, response: authenticator.register(options.body, bend) });
}

/** A sign-in challenge for this browser, then the assertion `authenticator` makes for it (bent as asked). */
async function assertion(client: StaffClient, authenticator: SoftwareAuthenticator, bend: Bend = {}) {
  const options = client.keep(await client.req('post', '/admin/login/passkey/options').send({}));
  expect(options.status).toBe(200);
  return authenticator.assert(options.body, bend);
}

function postAssertion(client: StaffClient, response: unknown, next?: string) {
  return client.req('post', '/admin/login/passkey').send({ response, ...(next ? { next } : {}) });
}

/** Signs `client` in with the passkey alone; answers the server's response. */
async function passkeySignIn(client: StaffClient, authenticator: SoftwareAuthenticator, bend: Bend = {}) {
  const response = await assertion(client, authenticator, bend);
  return client.keep(await postAssertion(client, response));
}

/** A browser signed in as `email` with its password (STAFF's). */
async function signedIn(app: StaffClient['app'], email: string): Promise<StaffClient> {
  const client = new StaffClient(app);
  expect((await client.signIn(email)).body).toEqual({ redirect: '/admin/dashboard' });
  return client;
}

/**
 * A new staff member of the test's own, signed in with the password: once one has a passkey, the password alone
 * no longer signs them in, so tests never share a person.
 */
async function newPerson(t: { app: StaffClient['app']; database: { db: Parameters<typeof createStaff>[0] } }, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@northbridge-it.com.au`;
  const account = await createStaff(t.database.db, { email, name });
  return { id: account.id, email, browser: await signedIn(t.app, email) };
}

describe.each(configuredEngines())('passkeys on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));

  it('a person adds a passkey, signs out, and signs in with the passkey alone; each step is audited', async () => {
    const { browser: first, id } = await newPerson(t, 'Ada Added');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const added = await addPasskey(first, authenticator, 'Laptop');
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(ADMIN_MESSAGES.passkeyAdded('Laptop'));
    expect(added.body.passkeys).toEqual([{ id: authenticator.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    expect((await first.req('get', '/api/admin/account')).body.passkeys).toEqual(added.body.passkeys);
    expect((await first.req('post', '/admin/logout').send({})).status).toBe(200);

    const browser = new StaffClient(t.app);
    const signIn = await passkeySignIn(browser, authenticator);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({ redirect: '/admin/dashboard' });
    const account = await browser.req('get', '/api/admin/account');
    expect(account.status).toBe(200);
    expect(account.body.passkeys[0].lastUsedAt).toEqual(expect.any(String));

    await browser.loadCsrf();
    const actions = (await auditEntries(browser, { person: id })).map((e) => [e.action, e.target]);
    expect(actions).toContainEqual(['auth.passkey_added', 'Laptop']);
    expect(actions.filter(([action]) => action === 'auth.passkey_sign_in')).toHaveLength(1);
  });

  it('a session signed in over 10 minutes ago adds a passkey only with the password given again, then for 10 minutes without', async () => {
    const { browser, id } = await newPerson(t, 'Pat Proven');
    await provenAgo(t.database.db, id, RECENT_PASSWORD_MS + 1000);
    const asked = await browser.req('post', '/api/admin/account/passkeys/options').send({});
    expect(asked.status).toBe(400);
    expect(asked.body.error.details.fields).toEqual({ password: ADMIN_MESSAGES.passkeyAddPassword });
    const wrong = await browser.req('post', '/api/admin/account/passkeys/options').send({ password: 'not my password at all' });
    expect(wrong.body.error.details.fields).toEqual({ password: ADMIN_MESSAGES.passwordWrong });

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await browser.req('post', '/api/admin/account/passkeys/options').send({ password: STAFF.password });
    expect(options.status).toBe(200);
    const added = await browser
      .req('post', '/api/admin/account/passkeys')
      .send({ name: 'Desk', response: authenticator.register(options.body) });
    expect(added.status).toBe(201);
    // Proven again just now: a second one needs no password.
    expect((await addPasskey(browser, new SoftwareAuthenticator(ORIGIN), 'Phone')).status).toBe(201);
  });

  it('a passkey sign-in goes to `next` when it is a path on this site', async () => {
    const { browser: first } = await newPerson(t, 'Nell Next');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(first, authenticator, 'Phone')).status).toBe(201);
    const browser = new StaffClient(t.app);
    const res = await postAssertion(browser, await assertion(browser, authenticator), '/admin/leads?status=new');
    expect(res.body).toEqual({ redirect: '/admin/leads?status=new' });
    const elsewhere = new StaffClient(t.app);
    expect((await postAssertion(elsewhere, await assertion(elsewhere, authenticator), 'https://evil.example/')).body).toEqual({
      redirect: '/admin/dashboard',
    });
  });

  it('refuses a replayed assertion: again in the same browser, from another browser, and twice at once', async () => {
    const { browser: first } = await newPerson(t, 'Rae Replay');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(first, authenticator, 'Replayed')).status).toBe(201);

    const browser = new StaffClient(t.app);
    const response = await assertion(browser, authenticator);
    expect((await postAssertion(browser, response)).status).toBe(200);
    // The challenge was spent with the sign-in: the same answer again has nothing to answer.
    const again = await postAssertion(browser, response);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe(ADMIN_MESSAGES.passkeyExpired);
    // Another browser's challenge is not the one the assertion signed.
    const thief = new StaffClient(t.app);
    await assertion(thief, new SoftwareAuthenticator(ORIGIN));
    const stolen = await postAssertion(thief, response);
    expect(stolen.status).toBe(401);
    expect(stolen.body.error.message).toBe(ADMIN_MESSAGES.passkeyFailed);

    // One assertion sent twice at once with its session: both requests read the challenge, one spends it.
    const racer = new StaffClient(t.app);
    const raced = await assertion(racer, authenticator);
    const answers = await Promise.all([postAssertion(racer, raced), postAssertion(racer, raced)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('refuses an assertion made for another origin, and a registration made there', async () => {
    const { browser: first, email } = await newPerson(t, 'Otto Origin');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const elsewhere = await addPasskey(first, authenticator, 'Phished', { origin: 'https://northbridge-it.example' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toBe(ADMIN_MESSAGES.passkeyNotAdded);
    expect((await addPasskey(first, authenticator, 'Real')).status).toBe(201);

    const browser = new StaffClient(t.app);
    const res = await passkeySignIn(browser, authenticator, { origin: 'https://www.example.com.au.evil.example' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(ADMIN_MESSAGES.passkeyFailed);
    expect((await browser.req('get', '/api/admin/account')).status).toBe(401);
    expect((await auditEntries(first, { action: 'auth.passkey_sign_in_failed' })).map((e) => e.target)).toContain(email);
  });

  it('refuses a signature counter that goes back or stands still, and goes on with one that moves forward', async () => {
    const { browser: first } = await newPerson(t, 'Cy Counter');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(first, authenticator, 'Counted')).status).toBe(201);
    expect((await passkeySignIn(new StaffClient(t.app), authenticator)).status).toBe(200);
    expect((await passkeySignIn(new StaffClient(t.app), authenticator)).status).toBe(200);
    const used = authenticator.counter;
    // A cloned authenticator shows itself by a counter behind the one last seen.
    expect((await passkeySignIn(new StaffClient(t.app), authenticator, { counter: used - 1 })).status).toBe(401);
    expect((await passkeySignIn(new StaffClient(t.app), authenticator, { counter: used })).status).toBe(401);
    expect((await passkeySignIn(new StaffClient(t.app), authenticator)).status).toBe(200);
  });

  it("refuses a deactivated person's passkey, and lets it in again once they are reactivated", async () => {
    const { browser, email, id } = await newPerson(t, 'Dee Activated');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(browser, authenticator, 'Work laptop')).status).toBe(201);

    const { browser: colleague } = await newPerson(t, 'Cole League');
    expect((await colleague.req('post', `/api/admin/staff/${id}/deactivate`).send({})).status).toBe(200);
    const refused = await passkeySignIn(new StaffClient(t.app), authenticator);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(ADMIN_MESSAGES.passkeyFailed);
    const failures = await auditEntries(colleague, { action: 'auth.passkey_sign_in_failed' });
    expect(failures[0]).toMatchObject({
      target: email,
      sentence: ['Failed to sign in with a passkey of ', { href: `/admin/staff/${id}`, label: 'Dee Activated' }],
    });

    expect((await colleague.req('post', `/api/admin/staff/${id}/reactivate`).send({})).status).toBe(200);
    expect((await passkeySignIn(new StaffClient(t.app), authenticator)).status).toBe(200);
  });

  it('renames and removes passkeys; removing the last second factor asks for the password and signs out other sessions', async () => {
    const { browser, email } = await newPerson(t, 'Tess Twokeys');
    const other = await signedIn(t.app, email);
    const [first, second] = [new SoftwareAuthenticator(ORIGIN), new SoftwareAuthenticator(ORIGIN)];
    expect((await addPasskey(browser, first, 'First')).status).toBe(201);
    expect((await addPasskey(browser, second, 'Second')).status).toBe(201);
    // The same authenticator again is refused: it holds a passkey for this account already.
    expect((await addPasskey(browser, first, 'First again')).status).toBe(409);

    const renamed = await browser.req('patch', `/api/admin/account/passkeys/${first.id}`).send({ name: '  Desk  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Desk', 'Second']);
    expect((await browser.req('patch', `/api/admin/account/passkeys/${first.id}`).send({ name: '' })).body.error.details.fields).toEqual({
      name: ADMIN_MESSAGES.passkeyNameRequired,
    });
    expect((await browser.req('patch', '/api/admin/account/passkeys/nope').send({ name: 'X' })).status).toBe(404);

    const one = await browser.req('post', `/api/admin/account/passkeys/${first.id}/remove`).send({});
    expect(one.status).toBe(200);
    expect(one.body.message).toBe(ADMIN_MESSAGES.passkeyRemoved('Desk'));
    const noPassword = await browser.req('post', `/api/admin/account/passkeys/${second.id}/remove`).send({});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.details.fields).toEqual({ password: ADMIN_MESSAGES.passkeyPasswordNeeded });
    const wrong = await browser
      .req('post', `/api/admin/account/passkeys/${second.id}/remove`)
      .send({ password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    expect((await other.req('get', '/api/admin/account')).status).toBe(200);
    const last = await browser.req('post', `/api/admin/account/passkeys/${second.id}/remove`).send({ password: STAFF.password });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ message: ADMIN_MESSAGES.passkeyRemovedLast('Second'), passkeys: [] });
    expect((await other.req('get', '/api/admin/account')).status).toBe(401);
    expect((await passkeySignIn(new StaffClient(t.app), second)).status).toBe(401);

    const actions = (await auditEntries(browser)).filter((e) => e.actor === email).map((e) => [e.action, e.target]);
    expect(actions).toContainEqual(['auth.passkey_renamed', 'Desk']);
    expect(actions).toContainEqual(['auth.passkey_removed', 'Desk']);
    expect(actions).toContainEqual(['auth.passkey_removed', 'Second']);
  });

  it("someone's own passkeys only: another person's cannot be renamed or removed", async () => {
    const { browser: owner } = await newPerson(t, 'Mo Mine');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(owner, authenticator, 'Mine')).status).toBe(201);
    const { browser: nosy } = await newPerson(t, 'Nosy Parker');
    expect((await nosy.req('patch', `/api/admin/account/passkeys/${authenticator.id}`).send({ name: 'Yours' })).status).toBe(404);
    expect(
      (await nosy.req('post', `/api/admin/account/passkeys/${authenticator.id}/remove`).send({ password: STAFF.password })).status,
    ).toBe(404);
    expect((await owner.req('get', '/api/admin/account')).body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Mine']);
  });

  it("the command line's password reset removes the person's passkeys", async () => {
    const { browser, email } = await newPerson(t, 'Rhea Reset');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(browser, authenticator, 'Lost phone')).status).toBe(201);
    await staffService(t.database.db).resetPassword(SYSTEM_ACTOR, email, 'a brand new long password');
    expect((await passkeySignIn(new StaffClient(t.app), authenticator)).status).toBe(401);
    expect((await new StaffClient(t.app).signIn(email, 'a brand new long password')).body).toEqual({ redirect: '/admin/dashboard' });
  });

  it('with passkeys and no authenticator app, the password is followed by the passkey, not a code', async () => {
    const { browser: first, email } = await newPerson(t, 'Pat Passkey');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(first, authenticator, 'Key')).status).toBe(201);

    const browser = new StaffClient(t.app);
    const step1 = browser.keep(await browser.req('post', '/admin/login').send({ email, password: STAFF.password, next: '/admin/blog' }));
    expect(step1.body).toEqual({ twoFactorRequired: true, step: 'passkey', passkey: true });
    expect((await browser.req('get', '/api/admin/account')).status).toBe(401);
    const form = browser.keep(await browser.req('post', '/admin/login').type('form').send({ email, password: STAFF.password }));
    expect(form.headers.location).toBe('/admin/login?step=passkey&next=%2Fadmin%2Fdashboard');
    const step2 = await passkeySignIn(browser, authenticator);
    expect(step2.body).toEqual({ redirect: '/admin/dashboard' });
    expect((await browser.req('get', '/api/admin/account')).status).toBe(200);
  });
});

describe.each(configuredEngines())('passkey sign-in and the limits on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine }));

  it('is not blocked by a password lock-out, but failed assertions from one address are limited', async () => {
    const { browser, email } = await newPerson(t, 'Lou Lockout');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(browser, authenticator, 'Lockout-proof')).status).toBe(201);

    const ip = '10.9.8.7';
    const guesser = new StaffClient(t.app, ip);
    for (let i = 0; i < 5; i += 1) await guesser.signIn(email, `wrong password ${i}`);
    expect((await guesser.signIn(email, STAFF.password)).status).toBe(429);
    // The account and this address are locked for passwords; the passkey, which cannot be guessed, still works.
    expect((await passkeySignIn(new StaffClient(t.app, ip), authenticator)).status).toBe(200);

    const forger = new SoftwareAuthenticator(ORIGIN);
    for (let i = 0; i < 5; i += 1) {
      expect((await passkeySignIn(new StaffClient(t.app, ip), forger)).status).toBe(401);
    }
    const limited = await passkeySignIn(new StaffClient(t.app, ip), authenticator);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is not held back by them.
    expect((await passkeySignIn(new StaffClient(t.app, '10.9.8.8'), authenticator)).status).toBe(200);
  });
});

describe.each(configuredEngines())('a passkey as the required second factor on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine, env: { REQUIRE_2FA: 'true' } }));

  it('adding one clears "set up two-factor sign-in" for the same session; the last one cannot then be removed', async () => {
    const browser = new StaffClient(t.app);
    const res = await browser.signIn();
    expect(res.body).toEqual({ redirect: '/admin/account' });
    expect((await browser.req('get', '/admin/dashboard')).headers.location).toBe('/admin/account');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await addPasskey(browser, authenticator, 'Required')).status).toBe(201);
    expect((await browser.req('get', '/admin/dashboard')).status).toBe(200);

    const removed = await browser.req('post', `/api/admin/account/passkeys/${authenticator.id}/remove`).send({ password: STAFF.password });
    expect(removed.status).toBe(403);
    expect(removed.body.error.message).toBe(ADMIN_MESSAGES.twoFactorMandatory);
    // Signing in with the passkey alone satisfies the rule.
    expect((await passkeySignIn(new StaffClient(t.app), authenticator)).body).toEqual({ redirect: '/admin/dashboard' });
  });
});
