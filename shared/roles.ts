/**
 * Staff roles and what each may do (docs/product.md#roles). This table is the only place these rules live: the
 * admin API's routes, the admin pages' guard, the navigation and the queries that narrow to a person's own posts
 * all ask `can(role, capability)`, never which role someone has. Read by the browser too (the menu).
 */

/** Most to least powerful; a new account is an Administrator, the first one the Owner. */
export const ROLES = ['owner', 'administrator', 'editor', 'author', 'sales'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a person can be given from the admin or the command line (ownership is handed over, not assigned). */
export const ASSIGNABLE_ROLES = ['administrator', 'editor', 'author', 'sales'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const DEFAULT_ROLE: AssignableRole = 'administrator';

/**
 * Every capability, with what it allows. Each admin route and page names exactly one (the route × role test
 * reads them from the router and fails for a route that names none). What each allows is a comment, not a string:
 * every admin page loads this table, and no screen shows those sentences.
 */
export const CAPABILITIES = [
  /** Their own account: password, two-step sign-in, passkeys, sessions */
  'account.own',
  /** The dashboard (each of its figures asks for its own capability) */
  'dashboard.view',
  /** The leads inbox, each lead with its contact details, and the dashboard lead figures */
  'leads.view',
  /** Change a lead’s status, add notes, release a held lead, retry its notifications */
  'leads.work',
  /** Take an unassigned lead for themselves */
  'leads.assign',
  /** Assign a lead to anyone who works leads, or move it from one person to another */
  'leads.assign-any',
  /** Reply to a lead by e-mail from its page, and keep saved replies */
  'leads.reply',
  /** Download leads as CSV */
  'leads.export',
  /** Delete a lead */
  'leads.delete',
  /** Write posts of their own; the media library (upload, and change or delete their own images); drafts only, unless they may also publish */
  'posts.write',
  /** Open and edit every post, whoever wrote it; change or delete any image in the library */
  'posts.edit-any',
  /** Publish, schedule, unpublish and delete posts; see posts waiting for review */
  'posts.publish',
  /** Invite staff, change roles, deactivate and reactivate accounts, end sessions */
  'staff.manage',
  /** The company details and site settings */
  'settings.manage',
  /** The words of the site’s pages and services: drafts, previews, publishing and their history */
  'pages.edit',
  /** Privacy requests: export and erase a person’s data */
  'privacy.manage',
  /** The audit log */
  'audit.view',
  /** Visitors, pages, posts and sources (Analytics); its lead figures also need leads.view */
  'analytics.view',
  /** Redirects of old addresses: add, edit, delete, CSV export and import */
  'redirects.manage',
  /** Download the site's content as one archive (posts, pages, settings, redirects, images) */
  'site.export',
  /** Import a WordPress or Ghost export, or this site's own archive: posts, pages, images and redirects */
  'site.import',
  /** Hand ownership to an Administrator, set the site’s sign-in policy, and see the off-site backup on the dashboard */
  'ownership.transfer',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const EVERY_STAFF_MEMBER: Capability[] = ['account.own', 'dashboard.view'];
const BLOG_EDITING: Capability[] = ['posts.write', 'posts.edit-any', 'posts.publish'];
const LEAD_WORK: Capability[] = ['leads.view', 'leads.work', 'leads.assign', 'leads.reply', 'leads.export'];
const ALL_BUT_OWNERSHIP = CAPABILITIES.filter((c) => c !== 'ownership.transfer');

/** The permission table: role → capabilities. */
export const ROLE_CAPABILITIES: Record<Role, ReadonlySet<Capability>> = {
  owner: new Set(CAPABILITIES),
  administrator: new Set(ALL_BUT_OWNERSHIP),
  editor: new Set([...EVERY_STAFF_MEMBER, ...BLOG_EDITING, 'pages.edit', 'analytics.view']),
  author: new Set([...EVERY_STAFF_MEMBER, 'posts.write']),
  sales: new Set([...EVERY_STAFF_MEMBER, ...LEAD_WORK, 'analytics.view']),
};

export function can(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].has(capability);
}

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/**
 * What each admin page asks for, by the first part of its address after /admin/. Pages open to everyone (sign-in,
 * an invitation) are listed as null. A page missing here is refused (the guard fails closed) and the route test
 * fails, so a new page cannot be forgotten.
 */
export const ADMIN_PAGE_CAPABILITIES: Record<string, Capability | null> = {
  login: null,
  invitation: null,
  account: 'account.own',
  dashboard: 'dashboard.view',
  leads: 'leads.view',
  blog: 'posts.write',
  'blog-editor': 'posts.write',
  preview: 'posts.write',
  media: 'posts.write',
  pages: 'pages.edit',
  navigation: 'pages.edit',
  staff: 'staff.manage',
  settings: 'settings.manage',
  privacy: 'privacy.manage',
  audit: 'audit.view',
  analytics: 'analytics.view',
  redirects: 'redirects.manage',
  import: 'site.import',
};

/** The capability an admin page asks for; undefined for an address no page is listed for. */
export function pageCapability(pathname: string): Capability | null | undefined {
  const section = pathname.split('/')[2] ?? '';
  return Object.hasOwn(ADMIN_PAGE_CAPABILITIES, section) ? ADMIN_PAGE_CAPABILITIES[section] : undefined;
}

/** Whether `role` may open the admin page at `pathname` (links to pages it may not are not shown). */
export function mayOpen(role: Role, pathname: string): boolean {
  const capability = pageCapability(pathname);
  return capability === null || (capability !== undefined && can(role, capability));
}

/**
 * Staff roles' words: their names, what each may do, and the refusals, as the Staff pages, the 403 page and the
 * command line say them. Kept beside the table rather than in shared/messages.ts because only the admin reads them:
 * the catalogue is in every public page's script, and these would weigh on each (tests/integration/page-weight.test.ts).
 */
export const ROLE_TEXT = {
  names: { owner: 'Owner', administrator: 'Administrator', editor: 'Editor', author: 'Author', sales: 'Sales' },
  summaries: {
    owner: 'Everything, and hands ownership over. There is exactly one.',
    administrator: 'Everything but ownership.',
    editor:
      'Every post (write, publish, schedule, delete), the pages’ and services’ words, uploads, and Analytics without lead figures. No leads, staff, settings, privacy or audit log.',
    author: 'Writes their own drafts and submits them for review. Cannot publish.',
    sales:
      'The leads: status, notes, release from spam, taking unassigned leads, replies, CSV export; and Analytics. No blog, staff, settings, privacy or audit log.',
  },
  roleHint: 'What this person can see and do in the admin.',
  changeRole: 'Change role',
  changingRole: 'Changing…',
  roleChanged: (name: string, role: string) => `${name} is now ${role}. It applies from their next click, without signing them out.`,
  ownerFixed: 'The Owner’s role changes only when they hand ownership to someone else.',
  ownerCannotBeDeactivated: 'The Owner cannot be deactivated. The Owner must hand ownership to another Administrator first.',
  onlyOwnerTouchesOwner: 'Only the Owner can change the Owner’s account.',
  transferHeading: 'Ownership',
  transferHint: (name: string) => `Hand ownership of the site to ${name}. You become an Administrator.`,
  transfer: 'Make Owner',
  transferQuestion: (name: string) => `Make ${name} the Owner? You become an Administrator and cannot undo this yourself.`,
  transferConfirm: 'Yes, hand over ownership',
  transferred: (name: string) => `${name} is now the Owner. You are an Administrator.`,
  transferNeedsAdministrator: 'Ownership can go only to an active Administrator. Make them an Administrator first.',
  refusedTitle: 'You don’t have access to this page',
  refusedMessage: (role: string) =>
    `Your role (${role}) does not include this part of the admin. Ask the Owner or an Administrator if you need it.`,
  refusedAction: 'This action is not part of your role. Ask the Owner or an Administrator if you need it.',
  refusedBack: 'Back to the dashboard',
  policy: {
    heading: 'Sign-in policy',
    label: 'Require two-step sign-in (an authenticator app or a passkey) for everyone who sees leads',
    hint: 'The Owner, Administrators and Sales. Anyone of these without it is asked to set it up at their next click, and can do nothing else until then.',
    save: 'Save policy',
  },
  policyNeedsOwnFactor: 'Set up two-step sign-in for yourself first (on your Account page): the policy applies to you too.',
  policySaved: (on: boolean) =>
    on ? 'Saved. Everyone who sees leads now needs two-step sign-in.' : 'Saved. Two-step sign-in is now each person’s choice.',
  policyChange: (from: boolean, to: boolean) => `two-step sign-in for those who see leads: ${from ? 'on' : 'off'} → ${to ? 'on' : 'off'}`,
} as const;
