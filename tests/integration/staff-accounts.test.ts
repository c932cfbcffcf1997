import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, STAFF_MESSAGES } from '../../shared/admin-texts.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { STAFF, StaffClient, adminPageData, auditEntries, insertQuote, staffService, signedInStaffApp } from '../helpers/admin-client.ts';
import type { StaffOverview, StaffPerson } from '../../shared/staff.ts';
import { countActiveUsers } from '../../db/queries/users.ts';
import { mailedInvitationLink } from '../helpers/invitation-mail.ts';
import { MailCatcher, decodedMail } from '../helpers/mail-catcher.ts';
import { deliverOutboxOnce } from '../helpers/outbox-once.ts';
import { ROLE_TEXT } from '../../shared/roles.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const NEW_PASSWORD = 'a long new staff password';

describe.each(configuredEngines())('staff accounts from the admin on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = new MailCatcher();
    await smtp.start();
  });
  afterAll(() => smtp?.stop().catch(() => {}));

  async function invite(name: string, email: string): Promise<string> {
    const res = await t.staff.req('post', '/api/admin/staff/invitations').send({ name, email });
    expect(res.status).toBe(200);
    // This app has no SMTP_URL: the notice says the e-mail waits (the test's outbox run delivers it).
    expect(res.body.message).toBe(STAFF_MESSAGES.invitedQueued(email));
    return mailedInvitationLink(t, smtp, email);
  }

  async function accept(link: string, password: string, confirmPassword = password) {
    const token = new URL(link).searchParams.get('token')!;
    return new StaffClient(t.app).req('post', '/api/admin/invitation').send({ token, password, confirmPassword });
  }

  /** The people the Staff page lists. */
  async function members(): Promise<StaffOverview['members']> {
    return (await adminPageData<StaffOverview>(t.staff, '/admin/staff'))!.members;
  }

  async function idOf(email: string): Promise<string> {
    const member = (await members()).find((m) => m.email === email);
    expect(member, `${email} on the Staff page`).toBeDefined();
    return member!.id;
  }

  it('an invitation mails a one-time, expiring link; only its hash is stored (storage check); the invitee sets a password and signs in', async () => {
    const link = await invite('Ivy Invitee', 'ivy@northbridge-it.com.au');
    const token = new URL(link).searchParams.get('token')!;
    // The token is in no table: the invitation keeps its SHA-256, the outbox its e-mail sealed.
    const stored = await t.database.db.selectFrom('staff_invitations').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(stored[0]!.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const outbox = await t.database.db.selectFrom('outbox').select(['kind', 'payload', 'status']).execute();
    expect(outbox.map((r) => [r.kind, r.status])).toEqual([['staff-invitation', 'delivered']]);
    expect(JSON.stringify([stored, outbox])).not.toContain(token);

    const page = await new StaffClient(t.app).req('get', `/admin/invitation?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('ivy@northbridge-it.com.au');

    const short = await accept(link, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error.details.fields.password).toBe(ADMIN_MESSAGES.passwordTooShort);
    const differ = await accept(link, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(differ.body.error.details.fields.confirmPassword).toBe(STAFF_MESSAGES.passwordsDiffer);

    expect((await accept(link, NEW_PASSWORD)).status).toBe(200);
    const again = await accept(link, NEW_PASSWORD);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(STAFF_MESSAGES.invitationInvalid);
    expect((await new StaffClient(t.app).req('get', `/admin/invitation?token=${token}`)).text).toContain(STAFF_MESSAGES.invitationInvalid);

    const ivy = new StaffClient(t.app);
    expect((await ivy.signIn('ivy@northbridge-it.com.au', NEW_PASSWORD)).status).toBe(200);
    const list = await t.staff.req('get', '/admin/staff');
    expect(list.text).toContain('Ivy Invitee');
  });

  it('without e-mail set up, the notice and the list say the invitation waits and why; the e-mail names the role and what it can do', async () => {
    const email = 'quinn@northbridge-it.com.au';
    const res = await t.staff.req('post', '/api/admin/staff/invitations').send({ name: 'Quinn Queued', email, role: 'editor' });
    expect(res.body.message).toBe(STAFF_MESSAGES.invitedQueued(email));
    expect(res.body.message).toMatch(/queued: e-mail is not set up on this server \(SMTP_URL\)/);
    expect(res.body.invitations).toContainEqual(
      expect.objectContaining({ id: res.body.invitationId, email, state: 'queued', linkAvailable: true }),
    );
    expect((await adminPageData<StaffOverview>(t.staff, '/admin/staff'))!.mailConfigured).toBe(false);
    await deliverOutboxOnce(t, smtp.port);
    const text = decodedMail(smtp.received.findLast((m) => m.to.includes(email))!.raw);
    expect(text).toContain(`Your role: Editor. ${ROLE_TEXT.summaries.editor}`);
    expect(text).toMatch(/https:\/\/www\.example\.com\.au\/admin\/invitation\?token=/);
  });

  it('an invitation shows where it stands, its link can be copied while open, and accepting without JavaScript signs the person in', async () => {
    const link = await invite('Nora NoScript', 'nora@northbridge-it.com.au');
    const token = new URL(link).searchParams.get('token')!;
    const listed = async () =>
      (await adminPageData<StaffOverview>(t.staff, '/admin/staff'))!.invitations.find((i) => i.email === 'nora@northbridge-it.com.au')!;
    const open = await listed();
    expect(open).toMatchObject({ state: 'sent', linkAvailable: true });
    const copied = await t.staff.req('post', `/api/admin/staff/invitations/${open.id}/link`).send({});
    expect(copied.body.link).toBe(link);

    // The form posted without JavaScript: a refusal goes back to the page naming the field, shown beside it.
    const form = (password: string, confirmPassword: string) =>
      new StaffClient(t.app).req('post', '/api/admin/invitation').type('form').send({ token, password, confirmPassword });
    const differ = await form(NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(differ.status).toBe(303);
    expect(differ.headers.location).toBe(`/admin/invitation?token=${token}&error=confirmPassword`);
    const shown = await new StaffClient(t.app).req('get', differ.headers.location!);
    expect(shown.text).toMatch(/id="invitation-confirmPassword"[^>]*aria-invalid="true"/);
    expect(shown.text).toContain(STAFF_MESSAGES.passwordsDiffer);

    const nora = new StaffClient(t.app);
    const accepted = nora.keep(
      await nora.req('post', '/api/admin/invitation').type('form').send({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toBe('/admin/dashboard');
    expect((await nora.req('get', '/api/admin/account')).body.email).toBe('nora@northbridge-it.com.au');

    expect(await listed()).toMatchObject({ state: 'accepted', linkAvailable: false });
    // The log names whom the copied link was for, and (the account made) links to them.
    const [copiedEntry] = await auditEntries(t.staff, { action: 'user.invitation_link' });
    expect(copiedEntry!.sentence).toEqual([
      'Copied the invitation link for ',
      { href: `/admin/staff/${await idOf('nora@northbridge-it.com.au')}`, label: 'Nora NoScript' },
    ]);
    const closed = await t.staff.req('post', `/api/admin/staff/invitations/${open.id}/link`).send({});
    expect(closed.status).toBe(404);
    expect(closed.body.error.message).toBe(STAFF_MESSAGES.invitationClosed);
    const late = await invite('Lee Late', 'lee@northbridge-it.com.au');
    expect(late).toContain('token=');
    await t.database.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'lee@northbridge-it.com.au')
      .execute();
    expect(
      (await adminPageData<StaffOverview>(t.staff, '/admin/staff'))!.invitations.find((i) => i.email === 'lee@northbridge-it.com.au'),
    ).toMatchObject({ state: 'expired', linkAvailable: false });
  });

  it('each session shows the browser, system and network it was signed in from, and the viewer’s own as this device', async () => {
    const phone = new StaffClient(t.app, '203.0.113.77');
    await phone.req('get', '/admin/login');
    const signedIn = phone.keep(
      await phone
        .req('post', '/admin/login')
        .set(
          'User-Agent',
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        )
        .send({ email: STAFF.email, password: STAFF.password }),
    );
    expect(signedIn.status).toBe(200);
    await phone.loadCsrf();
    const id = await idOf(STAFF.email);
    const sessions = (await adminPageData<StaffPerson>(phone, `/admin/staff/${id}`))!.sessionList;
    const mine = sessions.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.device).toEqual({ browser: 'Safari', system: 'iOS', network: '203.0.113.0' });
    expect(JSON.stringify(sessions)).not.toContain('203.0.113.77');
    expect((await phone.req('get', `/admin/staff/${id}`)).text).toContain('This device');
  });

  it('an expired invitation link does not work, and an address with an account cannot be invited', async () => {
    const link = await invite('Eli Expired', 'eli@northbridge-it.com.au');
    await t.database.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await accept(link, NEW_PASSWORD)).status).toBe(404);

    const taken = await t.staff.req('post', '/api/admin/staff/invitations').send({ name: 'Sam', email: STAFF.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(ADMIN_MESSAGES.accountExists(STAFF.email));
    const bad = await t.staff.req('post', '/api/admin/staff/invitations').send({ name: '', email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fields).sort()).toEqual(['email', 'name']);
  });

  it('deactivating ends every session at once and sign-in is refused; reactivating lets the person back in', async () => {
    const link = await invite('Dana Deactivated', 'dana@northbridge-it.com.au');
    expect((await accept(link, NEW_PASSWORD)).status).toBe(200);
    const dana = new StaffClient(t.app);
    expect((await dana.signIn('dana@northbridge-it.com.au', NEW_PASSWORD)).status).toBe(200);
    const id = await idOf('dana@northbridge-it.com.au');

    const res = await t.staff.req('post', `/api/admin/staff/${id}/deactivate`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(STAFF_MESSAGES.deactivated('Dana Deactivated'));
    expect((await dana.req('get', '/api/admin/account')).status).toBe(401);
    const refused = await new StaffClient(t.app).signIn('dana@northbridge-it.com.au', NEW_PASSWORD);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(ADMIN_MESSAGES.loginFailed);

    expect((await t.staff.req('post', `/api/admin/staff/${id}/reactivate`).send({})).status).toBe(200);
    expect((await new StaffClient(t.app).signIn('dana@northbridge-it.com.au', NEW_PASSWORD)).status).toBe(200);
  });

  it("a person's sessions are listed and one can be ended: that browser is signed out", async () => {
    const sam = new StaffClient(t.app);
    await sam.signIn();
    const id = await idOf(STAFF.email);
    // The person's page lists their sessions, newest first.
    const sessions = (await adminPageData<StaffPerson>(t.staff, `/admin/staff/${id}`))!.sessionList.map((s) => ({
      sid: s.ref,
      startedAt: s.startedAt,
    }));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const page = await t.staff.req('get', `/admin/staff/${id}`);
    expect(page.text).toContain('End session');
    // The newest session is `sam`'s.
    const end = await t.staff.req('post', `/api/admin/staff/${id}/sessions/${sessions[0]!.sid}/end`).send({});
    expect(end.status).toBe(200);
    expect((await sam.req('get', '/api/admin/account')).status).toBe(401);
    expect((await t.staff.req('get', '/api/admin/account')).status).toBe(200);
    const gone = await t.staff.req('post', `/api/admin/staff/${id}/sessions/${sessions[0]!.sid}/end`).send({});
    expect(gone.status).toBe(404);
  });

  it('the last active account cannot be deactivated, even by two people deactivating each other at once', async () => {
    // The Owner is never deactivated (roles.test.ts); this is the rule beneath it, for a site whose Owner row was
    // changed by hand: here every account is an Administrator.
    await t.database.db.updateTable('users').set({ role: 'administrator' }).execute();
    const others = (await members()).filter((m) => m.email !== STAFF.email);
    for (const { id } of others)
      await t.database.db.updateTable('users').set({ deactivated_at: new Date().toISOString() }).where('id', '=', id).execute();
    const self = await idOf(STAFF.email);
    const refused = await t.staff.req('post', `/api/admin/staff/${self}/deactivate`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(STAFF_MESSAGES.lastActiveAccount);

    const link = await invite('Pat Parallel', 'pat@northbridge-it.com.au');
    expect((await accept(link, NEW_PASSWORD)).status).toBe(200);
    const patId = await idOf('pat@northbridge-it.com.au');
    // Each deactivates the other in the same moment (the service directly: a request would already be signed out).
    const accounts = staffService(t.database.db, t.config);
    const results = await Promise.allSettled([
      accounts.deactivate({ ...SYSTEM_ACTOR, role: 'administrator' as const }, patId),
      accounts.deactivate({ ...SYSTEM_ACTOR, role: 'administrator' as const }, self),
    ]);
    // One of them wins; the other is told why, and one account stays active.
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message).toBe(STAFF_MESSAGES.lastActiveAccount);
    expect(await countActiveUsers(t.database.db)).toBe(1);
    await t.database.db.updateTable('users').set({ deactivated_at: null }).execute();
    await t.database.db.updateTable('users').set({ role: 'owner' }).where('email', '=', STAFF.email).execute();
    expect((await t.staff.signIn()).status).toBe(200);
  });

  it('the audit log links entries to their person, post and lead, and filters by person and action', async () => {
    const self = await idOf(STAFF.email);
    const leadId = await insertQuote(t.database.db, { name: 'Lena Lead' });
    expect((await t.staff.req('patch', `/api/admin/leads/quote/${leadId}`).send({ status: 'contacted' })).status).toBe(200);
    const post = await t.staff.req('post', '/api/admin/posts').send({
      title: 'Audit Links',
      excerpt: 'About links.',
      content: '<p>Body</p>',
      author: 'Sam Staff',
      featuredImage: '',
      tags: 'Cloud',
      published: false,
    });
    expect(post.status).toBe(201);

    const all = await t.staff.req('get', '/api/admin/audit');
    const sentenceOf = (action: string) => all.body.entries.find((e: { action: string }) => e.action === action)?.sentence;
    expect(sentenceOf('lead.status')).toEqual([
      'Moved ',
      { href: `/admin/leads/quote/${leadId}`, label: 'Lena Lead’s quote request' },
      ' from New to Contacted',
    ]);
    expect(sentenceOf('post.created')).toEqual(['Created the post ', { href: `/admin/blog-editor/${post.body.id}`, label: 'Audit Links' }]);
    expect(sentenceOf('user.invited')).toContainEqual({
      href: `/admin/staff/${await idOf('pat@northbridge-it.com.au')}`,
      label: 'Pat Parallel',
    });
    expect(all.body.entries.find((e: { userId: string }) => e.userId === self).actorHref).toBe(`/admin/staff/${self}`);

    const invites = await t.staff.req('get', `/api/admin/audit?action=user.invited&person=${self}`);
    expect(invites.body.entries.length).toBeGreaterThanOrEqual(4);
    expect(new Set(invites.body.entries.map((e: { action: string; userId: string }) => `${e.action} ${e.userId}`))).toEqual(
      new Set([`user.invited ${self}`]),
    );
    const page = await t.staff.req('get', `/admin/audit?action=lead.status&person=${self}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="/admin/leads/quote/${leadId}"`);
    expect(page.text).toContain('Moved <a href');
    expect(page.text).not.toMatch(/<td[^>]*>Invited /);
    expect((await t.staff.req('get', '/api/admin/audit?action=a&action=b')).status).toBe(400);
  });

  it('staff routes need a signed-in staff member and the CSRF token', async () => {
    const self = await idOf(STAFF.email);
    expect(
      (await new StaffClient(t.app).req('post', '/api/admin/staff/invitations').send({ name: 'X', email: 'x@example.com' })).status,
    ).toBe(401);
    expect((await t.staff.req('post', `/api/admin/staff/${self}/reactivate`, { csrf: false }).send({})).status).toBe(403);
    expect((await new StaffClient(t.app).req('get', '/admin/staff')).status).toBe(302);
  });
});

describe.each(configuredEngines())('staff invitations with e-mail set up on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine, env: { SMTP_URL: 'smtp://127.0.0.1:9' } }));

  it('say the e-mail is on its way', async () => {
    const email = 'sent@northbridge-it.com.au';
    const res = await t.staff.req('post', '/api/admin/staff/invitations').send({ name: 'Sent Sam', email });
    expect(res.body.message).toBe(STAFF_MESSAGES.invited(email));
    expect((await adminPageData<StaffOverview>(t.staff, '/admin/staff'))!.mailConfigured).toBe(true);
  });
});
