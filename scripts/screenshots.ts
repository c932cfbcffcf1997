/**
 * Saves every page at 360, 768 and 1440 px into ./screenshots/ (not committed) for a person to look at, and the
 * states a page reaches only by use: the contact form's and the quote wizard's confirmation panels, the phone menu,
 * the site settings with fields refused.
 * Runs the production build on a fresh temporary database with the demo content.
 * Usage: npm run screenshots [-- /path /other-path]
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { seedDemoContent } from '../server/blog/demo-content.ts';
import { listPublicBlogs } from '../db/queries/blogs.ts';
import { launchBrowser, startSite } from '../tests/helpers/browser.ts';
import { STAFF, createStaff } from '../tests/helpers/admin-client.ts';
import { fillProjectDetails, fillServiceAnswers } from '../tests/helpers/leads.ts';

const WIDTHS = [360, 768, 1440];
const DEFAULT_PATHS = [
  '/',
  '/services',
  '/services?category=web&service=web-hosting',
  '/about',
  '/contact',
  '/quote',
  '/blog',
  '/privacy',
  '/admin/login',
  '/no-such-page',
];

/** Pages seen signed in (the admin frame: sidebar from 64rem, the Menu button's drawer below). */
const ADMIN_PATHS = [
  '/admin/dashboard',
  '/admin/leads',
  '/admin/analytics',
  '/admin/media',
  '/admin/staff',
  '/admin/audit',
  '/admin/account',
  '/admin/settings',
  '/admin/blog',
  '/admin/blog-editor',
  '/admin/pages',
  '/admin/pages/home',
  '/admin/pages/about',
  '/admin/pages/page-00000000-0000-4000-8000-000000000000',
  '/admin/navigation',
  '/admin/redirects',
  '/admin/import',
];
/** The blog editor's dialogs, each opened from its toolbar button. */
const EDITOR_DIALOGS = ['Link', 'Image'];

const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
/** States reached by filling in and sending the forms (the viewport shows what a visitor sees right after). */
const STATES: Array<{ name: string; path: string; act: (page: Page) => Promise<void> }> = [
  {
    name: 'contact_sent',
    path: '/contact',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Full Name' }).fill('Ada Lovelace');
      await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Web Hosting' });
      await page.getByRole('textbox', { name: 'Message' }).fill('Could you move our website to a faster host?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.success-panel').waitFor();
    },
  },
  {
    name: 'quote_sent',
    path: '/quote?service=web-hosting',
    act: async (page) => {
      await page.getByRole('button', { name: 'Continue' }).click();
      await fillProjectDetails(page, { description: 'Move our shop to managed hosting.' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await fillServiceAnswers(page, 'web-hosting');
      await page.getByRole('button', { name: 'Submit request' }).click();
      await page.locator('.success-panel').waitFor();
    },
  },
  { name: 'quote_preselected', path: '/quote?service=web-hosting', act: async () => {} },
];

// Forms sent at once, several times from one address; the session cookie is Secure, so requests say https.
const site = await startSite({ env: { MIN_FILL_MS: '0', RATE_LIMIT_PER_MINUTE: '100', TRUST_PROXY: '1' } });
await seedDemoContent(site.database.db);
await createStaff(site.database.db);
const browser = await launchBrowser();
mkdirSync('screenshots', { recursive: true });
try {
  const [firstPost] = await listPublicBlogs(site.database.db, { now: new Date().toISOString(), after: null, search: null, limit: 1 });
  const all = paths.length ? paths : [...DEFAULT_PATHS, ...(firstPost ? [`/blog/${firstPost.slug}`] : [])];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of all) {
      await page.goto(site.baseUrl + path, { waitUntil: 'networkidle' });
      const file = `screenshots/${width}${path === '/' ? '_home' : path.replace(/[^a-z0-9]+/gi, '_')}.png`;
      await page.screenshot({ path: file, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      console.log(`${file}${overflow ? '  (wider than the screen!)' : ''}`);
    }
    if (!paths.length) {
      for (const state of STATES) {
        await page.goto(site.baseUrl + state.path, { waitUntil: 'networkidle' });
        await state.act(page);
        // The viewport only: what the visitor sees at that moment.
        const file = `screenshots/${width}_${state.name}.png`;
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
    await context.close();
    if (!paths.length) await adminScreenshots(width);
  }
} finally {
  await browser.close();
  await site.stop();
}

/** Signs in and saves the admin pages, and on narrow screens the open Menu drawer. */
async function adminScreenshots(width: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-Proto': 'https' } });
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/admin/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  for (const path of ADMIN_PATHS) {
    await page.goto(site.baseUrl + path, { waitUntil: 'networkidle' });
    const file = `screenshots/${width}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  for (const name of EDITOR_DIALOGS) {
    await page.goto(`${site.baseUrl}/admin/blog-editor`, { waitUntil: 'networkidle' });
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const file = `screenshots/${width}_admin_editor_${name.toLowerCase()}_dialog.png`;
    await page.screenshot({ path: file });
    console.log(file);
    await page.keyboard.press('Escape');
  }
  // The newest quote the forms above sent: its fields, status, note history and notifications.
  const quote = await site.database.db.selectFrom('quotes').select('id').orderBy('created_at', 'desc').executeTakeFirst();
  if (quote) {
    await page.goto(`${site.baseUrl}/admin/leads/quote/${quote.id}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `screenshots/${width}_admin_lead.png`, fullPage: true });
    console.log(`screenshots/${width}_admin_lead.png`);
  }
  // The settings page with a bad phone and ABN sent: the viewport shows the first refused field, focused.
  await page.goto(`${site.baseUrl}/admin/settings`, { waitUntil: 'networkidle' });
  await page.getByLabel('Phone').fill('555 0123');
  await page.getByLabel('ABN').fill('51 824 753 557');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-abn-error').waitFor();
  await page.screenshot({ path: `screenshots/${width}_admin_settings_refused.png` });
  console.log(`screenshots/${width}_admin_settings_refused.png`);
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.screenshot({ path: `screenshots/${width}_admin_menu.png` });
    console.log(`screenshots/${width}_admin_menu.png`);
  }
  await context.close();
}
