import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { openDb } from '../../db/database.ts';
import { ADMIN_MESSAGES, EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import type { AuditPage } from '../../shared/admin.ts';
import { can, ROLE_TEXT } from '../../shared/roles.ts';
import type { StaffOverview } from '../../shared/staff.ts';
import { STAFF, StaffClient, adminPageData, enableTwoFactor, signedInStaffApp, staffService } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { mailedInvitationLink } from '../helpers/invitation-mail.ts';
import { MailCatcher, decodedMail } from '../helpers/mail-catcher.ts';
import { mailFromOutbox } from '../helpers/outbox-once.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const execFileAsync = promisify(execFile);

/** docs/product.md#roles: what the Owner, Administrators, Editors, Authors and Sales may each do, through the HTTP API. */
describe.each(configuredEngines())('staff roles on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  /** A person with `role`, signed in in a browser of their own. */
  async function person(
    role: 'administrator' | 'editor' | 'author' | 'sales',
    name: string,
  ): Promise<{ id: string; browser: StaffClient }> {
    const email = `${name.toLowerCase()}@northbridge-it.com.au`;
    const user = await staffService(t.database.db).createAccount(SYSTEM_ACTOR, { email, name, password: STAFF.password, role });
    const browser = new StaffClient(t.app);
    expect((await browser.signIn(email)).status).toBe(200);
    return { id: user.id, browser };
  }

  async function auditTargets(action: string): Promise<string[]> {
    const page = await adminPageData<AuditPage>(t.staff, `/admin/audit?action=${action}`);
    return page!.entries.map((e) => e.target ?? '');
  }

  it('a role changed while the person is signed in applies on their next request, without signing them out; audited old → new', async () => {
    const ed = await person('editor', 'Eddie');
    expect((await ed.browser.req('get', '/api/admin/leads')).status).toBe(403);
    const res = await t.staff.req('post', `/api/admin/staff/${ed.id}/role`).send({ role: 'sales' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ROLE_TEXT.roleChanged('Eddie', 'Sales'));
    // Same cookie, no new sign-in: the leads open and the blog editor is now refused.
    expect((await ed.browser.req('get', '/api/admin/leads')).status).toBe(200);
    expect((await ed.browser.req('get', '/admin/blog-editor')).status).toBe(403);
    expect(await auditTargets('user.role_changed')).toContain('eddie@northbridge-it.com.au (Editor → Sales)');
  });

  it('a role outside the list is refused with the field’s message, and nobody is given ownership as a role', async () => {
    const sam = await person('sales', 'Sally');
    for (const role of ['owner', 'superuser', '']) {
      const res = await t.staff.req('post', `/api/admin/staff/${sam.id}/role`).send({ role });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields.role).toBeTruthy();
    }
  });

  it('the Owner cannot be deactivated or demoted, and an Administrator cannot touch the Owner’s account', async () => {
    const owner = (await staffService(t.database.db).overview()).members.find((m) => m.role === 'owner')!;
    expect(owner.email).toBe(STAFF.email);
    const self = await t.staff.req('post', `/api/admin/staff/${owner.id}/deactivate`).send({});
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe(ROLE_TEXT.ownerCannotBeDeactivated);
    expect((await t.staff.req('post', `/api/admin/staff/${owner.id}/role`).send({ role: 'editor' })).body.error.message).toBe(
      ROLE_TEXT.ownerFixed,
    );

    const admin = await person('administrator', 'Ada');
    for (const path of ['deactivate', 'reactivate']) {
      const res = await admin.browser.req('post', `/api/admin/staff/${owner.id}/${path}`).send({});
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(ROLE_TEXT.onlyOwnerTouchesOwner);
    }
    expect((await admin.browser.req('post', `/api/admin/staff/${owner.id}/ownership`).send({})).status).toBe(403);
    // The Owner still signs in.
    expect((await new StaffClient(t.app).signIn()).status).toBe(200);
  });

  it('the Owner hands ownership to an active Administrator and becomes an Administrator', async () => {
    const editor = await person('editor', 'Edna');
    expect((await t.staff.req('post', `/api/admin/staff/${editor.id}/ownership`).send({})).body.error.message).toBe(
      ROLE_TEXT.transferNeedsAdministrator,
    );
    const admin = await person('administrator', 'Abe');
    const res = await t.staff.req('post', `/api/admin/staff/${admin.id}/ownership`).send({});
    expect(res.status).toBe(200);
    const roles = Object.fromEntries((await staffService(t.database.db).overview()).members.map((m) => [m.email, m.role]));
    expect(roles['abe@northbridge-it.com.au']).toBe('owner');
    expect(roles[STAFF.email]).toBe('administrator');
    expect(Object.values(roles).filter((r) => r === 'owner')).toHaveLength(1);
    expect(await auditTargets('user.ownership_transferred')).toContain('abe@northbridge-it.com.au (Administrator → Owner)');
    // Handed back, so the other tests run with the first account as Owner.
    const meId = (await staffService(t.database.db).overview()).members.find((m) => m.email === STAFF.email)!.id;
    expect((await admin.browser.req('post', `/api/admin/staff/${meId}/ownership`).send({})).status).toBe(200);
  });

  it('an invitation carries its role: the person it makes has it', async () => {
    const smtp = new MailCatcher();
    await smtp.start();
    try {
      const email = 'iris@northbridge-it.com.au';
      expect((await t.staff.req('post', '/api/admin/staff/invitations').send({ name: 'Iris', email, role: 'author' })).status).toBe(200);
      const staffPage = await adminPageData<StaffOverview>(t.staff, '/admin/staff');
      expect(staffPage!.invitations.find((i) => i.email === email)?.role).toBe('author');
      const token = new URL(await mailedInvitationLink(t, smtp, email)).searchParams.get('token')!;
      const password = 'a long password for iris';
      expect(
        (await new StaffClient(t.app).req('post', '/api/admin/invitation').send({ token, password, confirmPassword: password })).status,
      ).toBe(200);
      const iris = (await staffService(t.database.db).overview()).members.find((m) => m.email === email);
      expect(iris?.role).toBe('author');
    } finally {
      await smtp.stop();
    }
  });

  it('an Author writes a draft, cannot publish it or open another’s, submits it; the Editors are e-mailed; an Editor publishes it', async () => {
    const author = await person('author', 'Arthur');
    const editor = await person('editor', 'Edith');
    const others = await t.staff.req('post', '/api/admin/posts').send(postInput({ title: 'The Owner’s draft', published: false }));
    expect(others.status).toBe(201);

    const publish = await author.browser.req('post', '/api/admin/posts').send(postInput({ title: 'Arthur goes live', published: true }));
    expect(publish.status).toBe(403);
    expect(publish.body.error.message).toBe(EDITOR_MESSAGES.publishNeedsEditor);
    const draft = await author.browser.req('post', '/api/admin/posts').send(postInput({ title: 'Arthur’s draft', published: false }));
    expect(draft.status).toBe(201);
    const id = draft.body.id as string;

    // Only their own posts are listed, and another's draft is refused in every way in.
    const listed = await author.browser.req('get', '/api/admin/posts');
    expect(listed.body.posts.map((p: { title: string }) => p.title)).toEqual(['Arthur’s draft']);
    expect((await author.browser.req('get', `/api/admin/posts/${others.body.id}`)).status).toBe(403);
    expect((await author.browser.req('put', `/api/admin/posts/${others.body.id}`).send(postInput({ published: false }))).status).toBe(403);
    expect((await author.browser.req('put', `/api/admin/posts/${others.body.id}/autosave`).send({ title: 'x' })).status).toBe(403);
    const refusedPage = await author.browser.req('get', `/admin/blog-editor/${others.body.id}`);
    expect(refusedPage.status).toBe(403);
    expect(refusedPage.text).not.toContain('The Owner’s draft');
    expect((await author.browser.req('get', `/admin/preview/${others.body.id}`)).status).toBe(403);
    expect(
      (await author.browser.req('put', `/api/admin/posts/${id}`).send(postInput({ title: 'Arthur’s draft', published: true }))).status,
    ).toBe(403);

    const submitted = await author.browser.req('post', `/api/admin/posts/${id}/submit`).send({});
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe(EDITOR_MESSAGES.submitted);
    const mails = await mailFromOutbox(t);
    const reviewMails = mails.filter((m) => decodedMail(m.raw).includes(`/admin/blog-editor/${id}`));
    // Everyone active who may publish (the Owner, Administrators, Editors), and no one else (no Sales person, no Author).
    const { members } = await staffService(t.database.db).overview();
    const reviewers = members.filter((m) => m.active && can(m.role, 'posts.publish')).map((m) => m.email);
    expect(reviewers).toEqual(expect.arrayContaining([STAFF.email, 'edith@northbridge-it.com.au']));
    expect(reviewers).not.toContain('arthur@northbridge-it.com.au');
    expect(reviewMails.flatMap((m) => m.to).sort()).toEqual(reviewers.sort());
    expect(decodedMail(reviewMails[0]!.raw)).toContain('Arthur has submitted');

    const dashboard = await editor.browser.req('get', '/admin/dashboard');
    expect(dashboard.text).toContain(EDITOR_MESSAGES.waitingForReview);
    expect(dashboard.text).toContain('Arthur’s draft');
    const published = await editor.browser
      .req('put', `/api/admin/posts/${id}`)
      .send(postInput({ title: 'Arthur’s draft', published: true }));
    expect(published.status).toBe(200);
    expect(
      (await t.database.db.selectFrom('blogs').select('review_requested_at').where('id', '=', id).executeTakeFirstOrThrow())
        .review_requested_at,
    ).toBeNull();
    // Published, it is no longer the Author's to change.
    expect((await author.browser.req('put', `/api/admin/posts/${id}`).send(postInput({ title: 'Changed', published: false }))).status).toBe(
      403,
    );
  });

  it('the Owner can require two-step sign-in of everyone who sees leads: they are held at their account page until they set it up', async () => {
    const sales = await person('sales', 'Sue');
    const editor = await person('editor', 'Ed');
    const admin = await person('administrator', 'Al');
    expect((await admin.browser.req('put', '/api/admin/staff/sign-in-policy').send({ twoStepForLeads: true })).status).toBe(403);
    expect((await t.staff.req('put', '/api/admin/staff/sign-in-policy').send({ twoStepForLeads: 'yes' })).status).toBe(400);
    // The Owner sees leads too: the policy goes on only once they have a second factor themselves.
    const early = await t.staff.req('put', '/api/admin/staff/sign-in-policy').send({ twoStepForLeads: true });
    expect([early.status, early.body.error.message]).toEqual([409, ROLE_TEXT.policyNeedsOwnFactor]);
    const owner = (await staffService(t.database.db).overview()).members.find((m) => m.email === STAFF.email)!;
    await enableTwoFactor(t.database.db, t.config, (await staffService(t.database.db).findUser(owner.id))!);
    const on = await t.staff.req('put', '/api/admin/staff/sign-in-policy').send({ twoStepForLeads: true });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(ROLE_TEXT.policySaved(true));
    try {
      // Signed in already: at the next request Sales is sent to the account page and the API refuses.
      const page = await sales.browser.req('get', '/admin/leads');
      expect(page.status).toBe(302);
      expect(page.headers.location).toBe('/admin/account');
      expect((await sales.browser.req('get', '/api/admin/leads')).body.error.message).toBe(ADMIN_MESSAGES.twoFactorRequired);
      expect((await sales.browser.req('get', '/admin/account')).status).toBe(200);
      // Signing in again lands on the account page too.
      const again = new StaffClient(t.app);
      const res = await again.req('post', '/admin/login').send({ email: 'sue@northbridge-it.com.au', password: STAFF.password });
      expect(res.body.redirect).toBe('/admin/account');
      // An Editor sees no leads, so the policy does not apply.
      expect((await editor.browser.req('get', '/api/admin/posts')).status).toBe(200);
      // With an authenticator app set up, Sales works again.
      await enableTwoFactor(t.database.db, t.config, (await staffService(t.database.db).findUser(sales.id))!);
      expect((await sales.browser.req('get', '/api/admin/leads')).status).toBe(200);
      expect(await auditTargets('settings.sign_in_policy')).toContain(ROLE_TEXT.policyChange(false, true));
    } finally {
      expect((await t.staff.req('put', '/api/admin/staff/sign-in-policy').send({ twoStepForLeads: false })).status).toBe(200);
    }
  });

  it('npm run admin:create sets a role; the first account made is the Owner whatever is asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-create-'));
    const url = `file:${join(dir, 'site.db')}`;
    const run = (...args: string[]) =>
      execFileAsync(process.execPath, ['scripts/admin-create.ts', ...args], {
        env: { ...process.env, DATABASE_URL: url, ADMIN_PASSWORD: 'a long enough password', NODE_ENV: 'test' },
      });
    try {
      const first = await run('--email', 'first@example.com', '--name', 'First', '--role', 'sales');
      expect(first.stdout).toContain('(Owner)');
      const second = await run('--email', 'second@example.com', '--name', 'Second', '--role', 'editor');
      expect(second.stdout).toContain('(Editor)');
      const third = await run('--email', 'third@example.com', '--name', 'Third');
      expect(third.stdout).toContain('(Administrator)');
      await expect(run('--email', 'x@example.com', '--name', 'X', '--role', 'owner')).rejects.toMatchObject({ code: 2 });
      const handle = openDb(url);
      const rows = await handle.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
      await handle.db.destroy();
      expect(rows).toEqual([
        { email: 'first@example.com', role: 'owner' },
        { email: 'second@example.com', role: 'editor' },
        { email: 'third@example.com', role: 'administrator' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
