import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { LEAD_WORK_TEXT } from '../../shared/lead-work-texts.ts';
import { ASSIGNABLE_ROLES, type Capability, ROLE_TEXT, can, mayOpen } from '../../shared/roles.ts';
import { ADMIN_TEXT, EDITOR_MESSAGES, INBOX_MESSAGES, LEADS_TEXT, POSTS_TEXT } from '../../shared/admin-texts.ts';
import type { Page } from 'playwright-core';
import { formatShortDate } from '../../shared/dates.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { postInput } from '../helpers/blog-posts.ts';
import type { AssignableRole } from '../../shared/roles.ts';
import { STAFF, createStaff, insertQuote, staffService } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openEditor, openSettled, staffPage } from '../helpers/browser.ts';

/** docs/product.md#roles, as each role meets it in a real browser. */
const site = liveSite({ env: { TRUST_PROXY: '1' } });
const PASSWORD = STAFF.password;
const people: Record<AssignableRole, { email: string; password: string; name: string; id: string }> = {} as never;
let quoteId: string;

beforeAll(async () => {
  await createStaff(site.database.db);
  for (const [role, name] of [
    ['administrator', 'Ada Admin'],
    ['editor', 'Eve Editor'],
    ['author', 'Art Author'],
    ['sales', 'Sid Sales'],
  ] as const) {
    const email = `${role}@northbridge-it.com.au`;
    const user = await staffService(site.database.db).createAccount(SYSTEM_ACTOR, { email, name, password: PASSWORD, role });
    people[role] = { email, password: PASSWORD, name, id: user.id };
  }
  quoteId = await insertQuote(site.database.db, { name: 'Dana Lead', email: 'dana.lead@example.net' });
});

/** The admin menu an Editor sees: no leads, no staff, no settings. */
const EDITOR_MENU = ['Dashboard', 'Blog', 'Media', 'Pages', 'Analytics', 'Account'];

describe('roles in the browser', () => {
  it('an Editor sees no Leads link, and /admin/leads is the 403 page in the admin frame (axe clean), with nothing of the leads', async () => {
    await using p = await staffPage(site, '/admin/dashboard', undefined, people.editor);
    const { page } = p;
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link').allTextContents()).resolves.toEqual(EDITOR_MENU);
    await expect(page.getByText('Quote requests').count()).resolves.toBe(0);

    const res = await page.goto(`${site.baseUrl}/admin/leads`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(ROLE_TEXT.refusedTitle);
    await page.getByText(ROLE_TEXT.refusedMessage('Editor')).waitFor();
    await sidebar.waitFor();
    await page.getByRole('link', { name: ROLE_TEXT.refusedBack }).click();
    await page.waitForURL(`${site.baseUrl}/admin/dashboard`);
    await page.goto(`${site.baseUrl}/admin/leads/quote/${quoteId}`, { waitUntil: 'networkidle' });
    expect(await page.content()).not.toContain('dana.lead@example.net');
    expect(await axeViolations(page)).toEqual([]);
    p.assertClean();
  });

  it('a Sales person gets the 403 page at the blog editor and works a lead', async () => {
    await using p = await staffPage(site, '/admin/leads', undefined, people.sales);
    const { page } = p;
    const res = await page.goto(`${site.baseUrl}/admin/blog-editor`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(ROLE_TEXT.refusedTitle);

    await openSettled(page, site, `/admin/leads/quote/${quoteId}`);
    await page.getByLabel('Add a note (staff only)').fill('Called Dana back.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('status').filter({ hasText: INBOX_MESSAGES.noteAdded }).waitFor();
    p.assertClean();
  });

  it('an Author writes a draft, has no way to publish it, submits it; an Editor publishes it three weeks later and it is dated now, first on /blog', async () => {
    {
      await using p = await staffPage(site, '/admin/blog-editor', undefined, people.author);
      const { page } = p;
      await openEditor(page, site);
      await expect(page.getByLabel('Publish this post').count()).resolves.toBe(0);
      const submit = page.getByRole('button', { name: EDITOR_MESSAGES.submitForReview });
      await expect(submit.isDisabled()).resolves.toBe(true);
      await page.getByLabel('Title').fill('Backups that restore');
      await page.getByLabel('Excerpt').fill('Why a backup is only as good as its last restore test.');
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Test your restores every quarter.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'draft' }).waitFor();
      await submit.click();
      await page.getByRole('status').filter({ hasText: EDITOR_MESSAGES.submitted }).waitFor();
      await page.getByText(EDITOR_MESSAGES.waitingForReview, { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      p.assertClean();
    }
    // Three weeks pass before an Editor gets to it, and older posts went out meanwhile.
    const weeksAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const aged = { created_at: weeksAgo(21), updated_at: weeksAgo(21), published_at: weeksAgo(21) };
    await site.database.db.updateTable('blogs').set(aged).where('slug', '=', 'backups-that-restore').execute();
    await createBlogService({ db: site.database.db }).createPost(postInput({ title: 'Out last week', publishedAt: weeksAgo(7) }));

    await using p = await staffPage(site, '/admin/dashboard', undefined, people.editor);
    const { page } = p;
    const waiting = page.getByRole('region', { name: EDITOR_MESSAGES.waitingForReview });
    await waiting.getByRole('link', { name: 'Backups that restore' }).click();
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.getByLabel('Publish this post').check();
    await expect(page.locator('.publish-box strong').textContent()).resolves.toBe(POSTS_TEXT.willBe.Published);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
    await openSettled(page, site, '/blog');
    const first = page.locator('.post-card').first();
    await expect(first.getByRole('heading').textContent()).resolves.toBe('Backups that restore');
    await expect(first.locator('time').textContent()).resolves.toBe(formatShortDate(new Date().toISOString(), site.config.TIME_ZONE));
    p.assertClean();
  });

  it('a role changed while the person is signed in applies on their next click; the Owner cannot be deactivated', async () => {
    await using sales = await staffPage(site, '/admin/dashboard', undefined, people.sales);
    await expect(sales.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).count()).resolves.toBe(0);

    await using owner = await staffPage(site, `/admin/staff/${people.sales.id}`);
    const { page } = owner;
    await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Editor' });
    await page.getByText(ROLE_TEXT.summaries.editor).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: ROLE_TEXT.changeRole }).click();
    // The page is idle before the change's request starts: wait for its answer to show, not for the network.
    await page
      .getByRole('definition')
      .filter({ hasText: /^Editor$/ })
      .waitFor();
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: /^Editor$/ })
        .count(),
    ).resolves.toBe(1);

    // The same session, one click later: the menu has Blog and no Leads.
    await sales.page.getByRole('link', { name: 'Dashboard' }).first().click();
    await sales.page.waitForLoadState('networkidle');
    await expect(sales.page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents()).resolves.toEqual(EDITOR_MENU);

    // The Owner's own page offers no Deactivate, and says why.
    const ownerId = (await staffService(site.database.db).overview()).members.find((m) => m.role === 'owner')!.id;
    await openSettled(page, site, `/admin/staff/${ownerId}`);
    await expect(page.getByRole('button', { name: 'Deactivate' }).count()).resolves.toBe(0);
    await page.getByText(ROLE_TEXT.ownerCannotBeDeactivated).waitFor();
    // An Administrator sees the Owner's account but can change nothing of it.
    await using admin = await staffPage(site, `/admin/staff/${ownerId}`, undefined, people.administrator);
    await admin.page.getByText(ROLE_TEXT.onlyOwnerTouchesOwner).waitFor();
    await expect(
      admin.page
        .getByRole('button')
        .filter({ hasText: /Deactivate|End session|Change role/ })
        .count(),
    ).resolves.toBe(0);
    owner.assertClean();
    sales.assertClean();
  });
});

const LEAD_PAGE = () => `/admin/leads/quote/${quoteId}`;
const button = (name: string, exact?: boolean) => (p: Page) => p.getByRole('button', { name, exact });
const link = (name: string) => (p: Page) => p.getByRole('link', { name });

/**
 * Every control whose action the server checks, with the capability it checks (shared/roles.ts) and where it is
 * shown. Whether a role is shown it comes from `can`, the table the server asks, never from a list per role.
 */
const CONTROLS: Array<{ page: () => string; name: string; needs: Capability; find: (page: Page) => ReturnType<Page['getByRole']> }> = [
  { page: LEAD_PAGE, name: 'Delete lead', needs: 'leads.delete', find: button(LEADS_TEXT.deleteLead) },
  { page: LEAD_PAGE, name: 'status moves', needs: 'leads.work', find: button(LEADS_TEXT.moveTo.contacted) },
  { page: LEAD_PAGE, name: 'Add note', needs: 'leads.work', find: button('Add note') },
  { page: LEAD_PAGE, name: 'Assign', needs: 'leads.assign-any', find: button(LEAD_WORK_TEXT.assign, true) },
  { page: LEAD_PAGE, name: 'Assign to me', needs: 'leads.assign', find: button(LEAD_WORK_TEXT.takeIt) },
  { page: LEAD_PAGE, name: 'Send reply', needs: 'leads.reply', find: button(LEAD_WORK_TEXT.sendReply) },
  { page: LEAD_PAGE, name: 'Save follow-up', needs: 'leads.work', find: button(LEAD_WORK_TEXT.saveFollowUp) },
  { page: () => '/admin/leads', name: 'Saved replies', needs: 'leads.reply', find: link(LEAD_WORK_MESSAGES.savedReplies) },
  { page: () => '/admin/leads', name: 'Export CSV', needs: 'leads.export', find: button(LEADS_TEXT.exportCsv) },
  { page: () => '/admin/blog', name: 'New post', needs: 'posts.write', find: link(POSTS_TEXT.newPost) },
  { page: () => '/admin/blog', name: 'Delete post', needs: 'posts.publish', find: button(ADMIN_TEXT.delete) },
  {
    page: () => '/admin/blog-editor',
    name: 'Publish this post',
    needs: 'posts.publish',
    find: (p) => p.getByRole('checkbox', { name: 'Publish this post' }),
  },
  { page: () => `/admin/staff/${people.sales.id}`, name: 'Change role', needs: 'staff.manage', find: button(ROLE_TEXT.changeRole) },
  { page: () => `/admin/staff/${people.sales.id}`, name: 'Deactivate', needs: 'staff.manage', find: button('Deactivate') },
  {
    page: () => `/admin/staff/${people.administrator.id}`,
    name: 'Make Owner',
    needs: 'ownership.transfer',
    find: button(ROLE_TEXT.transfer),
  },
  { page: () => '/admin/staff', name: 'Send invitation', needs: 'staff.manage', find: button('Send invitation') },
  { page: () => '/admin/staff', name: 'Sign-in policy', needs: 'ownership.transfer', find: button(ROLE_TEXT.policy.save) },
];

describe('nothing offered that the role cannot do', () => {
  // A person of each role of their own (the tests above change roles), and a post on the list to look for its Delete.
  const walkers: Partial<Record<AssignableRole, { email: string; password: string }>> = {};
  beforeAll(async () => {
    for (const role of ASSIGNABLE_ROLES) {
      const email = `walk-${role}@northbridge-it.com.au`;
      await staffService(site.database.db).createAccount(SYSTEM_ACTOR, { email, name: `Walking ${role}`, password: PASSWORD, role });
      walkers[role] = { email, password: PASSWORD };
    }
    await createBlogService({ db: site.database.db }).createPost(postInput({ title: 'Listed for every role' }));
  });
  it.each(['owner', 'administrator', 'editor', 'author', 'sales'] as const)(
    '%s is shown exactly the controls its capabilities allow on the lead, post and staff pages it may open',
    async (role) => {
      const who = role === 'owner' ? STAFF : walkers[role]!;
      await using p = await staffPage(site, '/admin/account', undefined, who);
      const { page } = p;
      const seen: string[] = [];
      const expected: string[] = [];
      for (const control of CONTROLS) {
        const path = control.page();
        if (!mayOpen(role, path)) continue;
        if (page.url() !== site.baseUrl + path) await openSettled(page, site, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if ((await control.find(page).count()) > 0) seen.push(control.name);
        if (can(role, control.needs)) expected.push(control.name);
      }
      expect(seen).toEqual(expected);
      p.assertClean();
    },
  );
});
