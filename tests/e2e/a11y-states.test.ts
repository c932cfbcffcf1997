import { randomUUID } from 'node:crypto';
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/staff/totp.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../shared/messages.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { SERVICES } from '../../shared/services.ts';
import { slugify } from '../../shared/slug.ts';
import { failedOutboxRow } from '../helpers/outbox-rows.ts';
import { STAFF, createStaff, enableTwoFactor, insertQuote } from '../helpers/admin-client.ts';
import { day, postInput } from '../helpers/blog-posts.ts';
import { VIEWPORTS, axeViolations, liveSite, openPage, signIn, signInThrough } from '../helpers/browser.ts';
import { LEAD_TEST_ENV, fillContact, fillProjectDetails, fillServiceAnswers } from '../helpers/leads.ts';

/*
 * The other e2e files run axe on every page as served (mostly at desktop width) and on the form errors they
 * provoke. This file brings pages into the states those leave out, at phone and desktop width: menus open,
 * successes and server refusals shown, empty results, admin forms with their errors and confirmations.
 */

let staffCookies: Cookie[];
const LEAD_ID = randomUUID();
const POST_TITLES = Array.from({ length: 6 }, (_, i) => `Reading Notes ${i + 1}`);
const POST_PATH = `/blog/${slugify(POST_TITLES[0]!)}`;
const TOTP_USER = { email: 'otp@northbridge-it.com.au', name: 'Otto' };
let totpSecret: string;

// One lead a minute per address (each page below comes from its own); wrong passwords are shown on purpose,
// so sign-in is not throttled; the session cookie is Secure, so pages say they came over HTTPS via a proxy.
const env = { ...LEAD_TEST_ENV, MIN_FILL_MS: '0', RATE_LIMIT_PER_MINUTE: '1', LOGIN_MAX_FAILURES: '100', TRUST_PROXY: '1' };
const site = liveSite({ env });

beforeAll(async () => {
  const db = site.database.db;
  await createStaff(db);
  const otp = await createStaff(db, TOTP_USER);
  totpSecret = await enableTwoFactor(db, site.config, otp);
  await insertQuote(db, { id: LEAD_ID, name: 'Wendy Winner', email: 'wendy@winner.example', company: 'Winner Logistics' });
  const past = new Date(Date.now() - 3_600_000).toISOString();
  await db
    .insertInto('outbox')
    .values(failedOutboxRow({ type: 'quote', id: LEAD_ID }, past))
    .execute();
  // More posts than the first page of /blog shows, so Load More appears.
  const blog = createBlogService({ db });
  for (const [i, title] of POST_TITLES.entries()) await blog.createPost(postInput({ title, publishedAt: day(i) }));

  await using p = await visit({ path: '/admin/login' }, VIEWPORTS.desktop);
  await signIn(p.page);
  await p.page.waitForURL(/\/admin\/dashboard$/);
  staffCookies = await p.page.context().cookies();
});

type Width = keyof typeof VIEWPORTS;

interface UiState {
  name: string;
  path: string;
  /**
   * Signed in as staff: with the session signed in before the first state, or signed in just now where the state
   * needs a recent sign-in (past ten minutes the site asks for the password again, and this file runs longer).
   */
  staff?: true | 'just signed in';
  /** The widths where this state exists or is not already checked elsewhere; both by default. */
  widths?: readonly Width[];
  /** Brings the page into the state and waits until it shows. */
  act?: (page: Page) => Promise<void>;
  /** After its check at its first width (phone by default), the same page is also checked for reflow at 320 px and at 200% zoom. */
  reflow?: boolean;
}

let addresses = 0;

/** A fresh browser context from an address of its own (so per-address limits start afresh), at `path`, in the state. */
async function visit(state: Pick<UiState, 'path' | 'staff' | 'act'>, viewport: { width: number; height: number }) {
  const p = await openPage(site.browser, viewport);
  addresses += 1;
  const ip = `10.9.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  await p.page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip, 'X-Forwarded-Proto': 'https' });
  if (state.staff === 'just signed in') await signInThrough(p.page, site, state.path);
  else {
    if (state.staff) await p.page.context().addCookies(staffCookies);
    await p.page.goto(site.baseUrl + state.path, { waitUntil: 'networkidle' });
  }
  await state.act?.(p.page);
  return p;
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
type Region = 'alert' | 'status' | 'group';
const shows = (page: Page, role: Region, text: string) => page.getByRole(role).filter({ hasText: text }).waitFor();
const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** A state reached by pressing `button` (after `before`, if any), shown once `text` appears in a `role` region. */
const pressAndSee =
  (button: string, role: Region, text: string, before?: (page: Page) => Promise<void>) =>
  async (page: Page): Promise<void> => {
    await before?.(page);
    await click(page, button);
    await shows(page, role, text);
  };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

/** Keyboard focus on a header menu's button, Enter, Tab: its menu is open, focus on the first entry. */
async function openDropdown(page: Page, menu: string, firstEntry: string) {
  await mainNav(page).getByRole('button', { name: menu, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await mainNav(page).locator('.dropdown').getByRole('link', { name: firstEntry }).waitFor();
}

async function openPhoneMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Contact' }).waitFor();
}

/** The admin's Menu button on a phone: the sidebar opens as a drawer. */
async function openAdminMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).waitFor();
}

/** Uses up this address's one submission a minute, so the next one is refused with 429. */
async function exhaustLimit(page: Page, fn: 'submitContact' | 'submitQuote') {
  const status = await page.evaluate((name) => fetch(`/functions/${name}`, { method: 'POST' }).then((r) => r.status), fn);
  expect(status).not.toBe(429);
}

/** Makes the spam check's script fail to load, as a blocker or a broken network would, and loads the page again. */
async function blockCaptcha(page: Page) {
  await page.route('**/assets/**', (route) => (/altcha|pbkdf2/.test(route.request().url()) ? route.abort() : route.continue()));
  await page.reload({ waitUntil: 'networkidle' });
}

const QUOTE_SERVICE = 'datacenter';

/** From the preselected service through a filled-in step 2. */
async function quoteToStep3(page: Page) {
  await click(page, 'Continue');
  await fillProjectDetails(page);
  await click(page, 'Continue');
  await page.locator('.wizard-step-count', { hasText: 'Step 3 of 3' }).waitFor();
}

async function fillQuote(page: Page) {
  await quoteToStep3(page);
  await fillServiceAnswers(page, QUOTE_SERVICE);
}

const quotePath = `/quote?service=${QUOTE_SERVICE}`;

/** The two lead forms: where each is, its endpoint, how it is filled in up to its send button, and its thanks. */
const LEAD_FORMS = [
  { form: 'contact', path: '/contact', fn: 'submitContact', fill: fillContact, send: 'Send message', thanks: MESSAGES.contactSuccess },
  { form: 'quote', path: quotePath, fn: 'submitQuote', fill: fillQuote, send: 'Submit request', thanks: MESSAGES.quoteSuccess },
] as const;

const showsNoPosts = (page: Page) => page.getByRole('paragraph').filter({ hasText: MESSAGES.blogListEmpty }).waitFor();

/** The editor's toolbar appears once the page has hydrated and Tiptap runs. */
async function editorReady(page: Page) {
  await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
}

const PUBLIC_PAGES = [
  '/',
  '/services',
  '/about',
  '/privacy',
  '/contact',
  quotePath,
  '/blog',
  POST_PATH,
  '/blog/no-such-post',
  '/no-such-page',
];

const STATES: UiState[] = [
  // Desktop widths are checked as served by public-pages, contact, quote and blog tests; phones are not.
  ...PUBLIC_PAGES.map((path) => ({ name: `${path} as served`, path, widths: ['phone'] as const, reflow: true })),

  // Header menus, on a page that hydrates and on one that ships no JavaScript.
  ...['/contact', '/about'].flatMap((path): UiState[] => [
    {
      name: `${path}: Services dropdown open`,
      path,
      widths: ['desktop'],
      act: (page) => openDropdown(page, 'Request a quote for a service', SERVICES[0]!.name),
    },
    { name: `${path}: phone menu open`, path, widths: ['phone'], act: openPhoneMenu, reflow: true },
  ]),
  // Staff browsing the public site keep the header's Admin menu (docs/product.md#header); the admin has a frame of
  // its own.
  {
    name: 'staff on the site: Admin dropdown open',
    path: '/about',
    staff: true,
    widths: ['desktop'],
    act: (page) => openDropdown(page, 'Admin menu', 'Dashboard'),
  },
  {
    name: 'staff on the site: phone menu open, signed in',
    path: '/about',
    staff: true,
    widths: ['phone'],
    act: openPhoneMenu,
    reflow: true,
  },
  { name: 'admin: navigation drawer open', path: '/admin/dashboard', staff: true, widths: ['phone'], act: openAdminMenu, reflow: true },

  // Field errors (desktop contact errors: contact.test.ts; phone quote step errors: quote.test.ts).
  {
    name: 'contact: field errors shown',
    path: '/contact',
    widths: ['phone'],
    reflow: true,
    act: pressAndSee('Send message', 'alert', FIELD_MESSAGES.fixErrors),
  },
  {
    name: 'quote: step 2 errors shown',
    path: quotePath,
    widths: ['desktop'],
    act: pressAndSee('Continue', 'alert', FIELD_MESSAGES.fixErrors, (page) => click(page, 'Continue')),
  },
  {
    name: 'quote: step 3 errors shown',
    path: quotePath,
    widths: ['desktop'],
    act: pressAndSee('Submit request', 'alert', FIELD_MESSAGES.fixErrors, quoteToStep3),
  },
  { name: 'quote: step 3 as shown', path: quotePath, widths: ['phone'], reflow: true, act: quoteToStep3 },

  // Each lead form sent, refused as too many, and sent while its spam check could not load.
  ...LEAD_FORMS.flatMap(({ form, path, fn, fill, send, thanks }): UiState[] => [
    { name: `${form}: success shown`, path, act: pressAndSee(send, 'status', thanks, fill) },
    {
      name: `${form}: refused as too many (429)`,
      path,
      act: pressAndSee(send, 'alert', FIELD_MESSAGES.rateLimited, async (page) => {
        await exhaustLimit(page, fn);
        await fill(page);
      }),
    },
    {
      name: `${form}: spam check not loaded`,
      path,
      act: pressAndSee(send, 'alert', 'Spam check not loaded', async (page) => {
        await blockCaptcha(page);
        await fill(page);
      }),
    },
  ]),

  // Blog.
  {
    name: 'blog: search link with no results',
    path: '/blog?q=nothingmatchesthis',
    reflow: true,
    act: showsNoPosts,
  },
  {
    name: 'blog: search in the page with no results',
    path: '/blog',
    act: async (page) => {
      await page.getByRole('searchbox', { name: 'Search the blog' }).fill('nothingmatchesthis');
      await click(page, 'Search');
      await showsNoPosts(page);
    },
  },
  {
    name: 'blog: after Load More',
    path: '/blog',
    act: async (page) => {
      await click(page, 'Load More');
      await page
        .locator('.post-list > li')
        .nth(POST_TITLES.length - 1)
        .waitFor();
    },
  },

  // Admin sign-in (the form as served: admin.test.ts).
  {
    name: 'admin login: wrong password shown',
    path: '/admin/login',
    reflow: true,
    act: async (page) => {
      await signIn(page, STAFF.email, 'not the password at all');
      await shows(page, 'alert', ADMIN_MESSAGES.loginFailed);
    },
  },
  {
    name: 'admin login: signed out notice',
    path: '/admin/login?signedOut=1',
    act: (page) => shows(page, 'status', 'You have signed out.'),
  },
  {
    name: 'admin login: two-factor code step',
    path: '/admin/login',
    act: async (page) => {
      await signIn(page, TOTP_USER.email);
      await page.getByLabel('Authentication code').waitFor();
    },
  },
  {
    name: 'admin login: wrong two-factor code shown',
    path: '/admin/login',
    act: pressAndSee('Verify', 'alert', ADMIN_MESSAGES.totpInvalid, async (page) => {
      await signIn(page, TOTP_USER.email);
      const soon = [totpCode(totpSecret), totpCode(totpSecret, Date.now() + 30_000)];
      await page.getByLabel('Authentication code').fill(soon.includes('000000') ? '111111' : '000000');
    }),
  },

  // Admin pages in states beyond "as served" (admin.test.ts, privacy.test.ts).
  {
    name: 'admin dashboard: a failed notification listed',
    path: '/admin/dashboard',
    staff: true,
    reflow: true,
    act: (page) => page.getByText('SMTP 554 rejected').waitFor(),
  },
  {
    name: 'admin leads: filters applied',
    path: '/admin/leads?type=quote&status=new&service=web-hosting&q=Wendy&from=2020-01-01',
    staff: true,
    reflow: true,
    act: (page) => page.getByRole('link', { name: 'Wendy Winner' }).waitFor(),
  },
  {
    name: 'admin leads: no lead matches',
    path: '/admin/leads?q=nobody-by-this-name',
    staff: true,
    act: (page) => shows(page, 'status', 'No leads match these filters.'),
  },
  {
    name: 'admin lead: note added to the history, failed notification with Retry',
    path: `/admin/leads/quote/${LEAD_ID}`,
    staff: true,
    reflow: true,
    act: async (page) => {
      await page.getByLabel('Add a note (staff only)').fill('Called back, wants a site visit.');
      await click(page, 'Add note');
      await shows(page, 'status', 'Note added.');
      await page.getByRole('button', { name: 'Retry' }).waitFor();
    },
  },
  {
    name: 'admin lead: delete confirmation open',
    path: `/admin/leads/quote/${LEAD_ID}`,
    staff: true,
    act: pressAndSee('Delete lead', 'group', 'This cannot be undone.'),
  },
  {
    name: 'admin editor: validation errors shown',
    path: '/admin/blog-editor',
    staff: true,
    reflow: true,
    act: pressAndSee('Save post', 'alert', FIELD_MESSAGES.fixErrors, editorReady),
  },
  {
    name: 'admin editor: draft saved',
    path: '/admin/blog-editor',
    staff: true,
    act: pressAndSee('Save post', 'status', 'Saved as a draft.', async (page) => {
      await editorReady(page);
      await page.getByLabel('Title').fill(`Draft ${randomUUID()}`);
      await page.getByLabel('Excerpt').fill('Not ready yet.');
      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.keyboard.type('Some words.');
    }),
  },
  {
    name: 'admin blog list: delete confirmation open',
    path: '/admin/blog',
    staff: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
      await shows(page, 'group', 'This cannot be undone.');
    },
  },
  {
    name: 'admin account: two-factor setup with QR code',
    path: '/admin/account',
    staff: 'just signed in',
    reflow: true,
    act: async (page) => {
      await click(page, 'Set up two-factor sign-in');
      await page.getByRole('img', { name: /QR code/ }).waitFor();
    },
  },
  {
    name: 'admin account: wrong current password shown',
    path: '/admin/account',
    staff: true,
    act: pressAndSee('Change password', 'alert', ADMIN_MESSAGES.passwordWrong, async (page) => {
      await page.getByLabel('Current password').fill('not the password at all');
      await page.getByLabel(/New password/).fill('a brand new long passphrase');
      await page.getByLabel('Repeat the new password').fill('a brand new long passphrase');
    }),
  },
  {
    name: 'admin privacy: invalid address shown',
    path: '/admin/privacy',
    staff: true,
    widths: ['phone'],
    act: async (page) => {
      await page.getByLabel('Email address').fill('priya');
      await click(page, 'Export data');
      await page.getByText(ADMIN_MESSAGES.privacyEmailInvalid).waitFor();
    },
  },
];

// WCAG 1.4.10: content reflows at 320 CSS px; a 1280 px window at 200% zoom lays out as 640 CSS px. Checked on the
// page of the state's first check, in its state (nothing on the site reacts to a resize): a person who zooms keeps what is open.
const REFLOW_VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 640, height: 450 },
];

describe.each(Object.keys(VIEWPORTS) as Width[])('axe at %s width, in each state', (width) => {
  it.each(STATES.filter((s) => (s.widths ?? ['phone', 'desktop']).includes(width)))('$name', async (state) => {
    await using p = await visit(state, VIEWPORTS[width]);
    expect(await axeViolations(p.page)).toEqual([]);
    await expect(overflow(p.page)).resolves.toBe(0);
    if (!state.reflow || width !== (state.widths?.[0] ?? 'phone')) return;
    for (const viewport of REFLOW_VIEWPORTS) {
      await p.page.setViewportSize(viewport);
      expect({ reflowWidth: viewport.width, overflow: await overflow(p.page) }).toEqual({ reflowWidth: viewport.width, overflow: 0 });
    }
  });
});
