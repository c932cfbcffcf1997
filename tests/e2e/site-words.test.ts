import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { PAGES_MESSAGES, PAGES_TEXT } from '../../shared/pages-texts.ts';
import { PREVIEW_TEXT } from '../../shared/previews.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { REVISION_TEXT } from '../../shared/revisions.ts';
import { CUSTOM_PAGE_FIELDS, PAGE_FIELDS, SERVICE_FIELDS, defaultSiteWords } from '../../shared/site-words.ts';
import { STAFF, createStaff, staffService } from '../helpers/admin-client.ts';
import { axeViolations, liveSite, openPage, staffPage } from '../helpers/browser.ts';

/** docs/product.md#site-words: an Editor changes the site's words in the browser, and visitors see them once published. */

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;
const EDITOR = { email: 'editor@northbridge-it.com.au', password: STAFF.password };
const DEFAULTS = defaultSiteWords(DEFAULT_SITE_SETTINGS.name);

const site = liveSite({ env: { TRUST_PROXY: '1' } });
beforeAll(async () => {
  await createStaff(site.database.db);
  await staffService(site.database.db).createAccount(SYSTEM_ACTOR, { ...EDITOR, name: 'Edie Editor', role: 'editor' });
});

const editorAt = (path: string, viewport: { width: number; height: number } = WIDTHS[1].viewport) =>
  staffPage(site, path, viewport, EDITOR);

/** What a visitor without a session reads at `path`: the main content's text. */
async function visitorText(path: string): Promise<string> {
  await using v = await openPage(site.browser);
  await v.page.goto(site.baseUrl + path);
  const text = await v.page.locator('main').innerText();
  v.assertClean();
  return text;
}

describe.each(WIDTHS)('the pages screens at $name width', ({ viewport }) => {
  it('the list, a page’s form with lists, a service’s, a new page’s and the history pass axe and fit the screen', async () => {
    for (const path of [
      '/admin/pages',
      '/admin/pages/about',
      '/admin/pages/web-design',
      `/admin/pages/page-${randomUUID()}`,
      '/admin/navigation',
    ]) {
      await using p = await editorAt(path, viewport);
      await p.page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
      await expect(axeViolations(p.page), path).resolves.toEqual([]);
      p.assertClean();
    }
  });
});

describe.each(WIDTHS)('sharing a page’s draft at $name width', ({ name, viewport }) => {
  it('after a draft is saved the share box makes a link, passes axe and fits; signed out, the link shows the draft in the site’s frame', async () => {
    const key = name === 'phone' ? 'contact' : 'quote';
    const heading = `A shared draft heading (${name})`;
    await using p = await editorAt(`/admin/pages/${key}`, viewport);
    const { page } = p;
    await expect(page.getByText(PREVIEW_TEXT.saveWordsFirst).count()).resolves.toBe(1);
    await page.getByLabel(PAGE_FIELDS[key].title.label, { exact: true }).fill(heading);
    await page.getByRole('button', { name: PAGES_TEXT.saveDraft }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.draftSavedNotice }).waitFor();
    await page.getByRole('button', { name: PREVIEW_TEXT.create }).click();
    await page.getByRole('status').filter({ hasText: PREVIEW_TEXT.created }).waitFor();
    const url = await page.locator('.share-url code').innerText();
    expect(url).toMatch(/\/preview\?token=[\w-]{43}$/);
    await page
      .getByRole('button', { name: PREVIEW_TEXT.revokeLabel('') })
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    p.assertClean();

    await using v = await openPage(site.browser, viewport);
    await v.page.goto(site.baseUrl + new URL(url).pathname + new URL(url).search);
    await expect(v.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(heading);
    await expect(v.page.locator('.preview-banner').innerText()).resolves.toContain(PREVIEW_TEXT.sharedPageIntro);
    await expect(v.page.locator('header.site-header').count()).resolves.toBe(1);
    await expect(axeViolations(v.page)).resolves.toEqual([]);
    v.assertClean();
  });
});

describe('an Editor changes the site’s words', () => {
  it('a published hero title shows on /; a saved draft stays off / while its preview shows it in the site’s frame', async () => {
    await using p = await editorAt('/admin/pages');
    const { page } = p;
    await page.getByRole('link', { name: PAGES_TEXT.edit('Home') }).click();
    await page.getByRole('heading', { level: 1, name: PAGES_TEXT.editTitle('Home') }).waitFor();
    await expect(page.getByLabel(PAGE_FIELDS.home.heroTitle.label, { exact: true }).inputValue()).resolves.toBe(
      DEFAULTS.pages.home.heroTitle,
    );

    await page.getByLabel(PAGE_FIELDS.home.heroTitle.label, { exact: true }).fill('Networks that never sleep.');
    await page.getByRole('button', { name: PAGES_TEXT.publish }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.publishedNotice }).waitFor();
    await expect.poll(() => visitorText('/'), { timeout: 8_000 }).toContain('Networks that never sleep.');

    await page.getByLabel(PAGE_FIELDS.home.heroTitle.label, { exact: true }).fill('A draft nobody sees yet.');
    await page.getByRole('button', { name: PAGES_TEXT.saveDraft }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.draftSavedNotice }).waitFor();
    const home = await visitorText('/');
    expect(home).toContain('Networks that never sleep.');
    expect(home).not.toContain('A draft nobody sees yet.');

    const preview = await page.getByRole('link', { name: PAGES_TEXT.preview }).getAttribute('href');
    await page.goto(site.baseUrl + preview!);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('A draft nobody sees yet.');
    await expect(page.getByRole('note').innerText()).resolves.toContain(PAGES_TEXT.previewBanner);
    // The site's own header and footer, not the admin's frame.
    await expect(page.locator('header.site-header').count()).resolves.toBe(1);
    await expect(page.locator('footer.site-footer').count()).resolves.toBe(1);
    p.assertClean();
  });

  it('before the form’s scripts run its fields are disabled, so nothing typed then is lost to a save', async () => {
    await using p = await editorAt('/admin/pages');
    const { page } = p;
    // The page's scripts are held back, as on a slow line, until the fields have been looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold back the load events: the page is taken as soon as its HTML shows.
    await page.goto(`${site.baseUrl}/admin/pages/services`, { waitUntil: 'commit' });
    const field = page.getByLabel(PAGE_FIELDS.services.title.label, { exact: true });
    await field.waitFor();
    await expect(field.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: PAGES_TEXT.publish }).isDisabled()).resolves.toBe(true);
    release();
    // fill waits for the field to become editable: the words typed are then the form's own.
    await field.fill('Everything we look after');
    await page.getByRole('button', { name: PAGES_TEXT.publish }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.publishedNotice }).waitFor();
    await expect.poll(() => visitorText('/services'), { timeout: 8_000 }).toContain('Everything we look after');
    p.assertClean();
  });

  it('a hero title with markup shows as text', async () => {
    await using p = await editorAt('/admin/pages/home');
    await p.page.getByLabel(PAGE_FIELDS.home.heroTitle.label, { exact: true }).fill('<em>Fast</em> & <script>alert(1)</script>');
    await p.page.getByRole('button', { name: PAGES_TEXT.publish }).click();
    await p.page.getByRole('status').filter({ hasText: PAGES_TEXT.publishedNotice }).waitFor();
    await using v = await openPage(site.browser);
    await v.page.goto(site.baseUrl + '/');
    await expect(v.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('<em>Fast</em> & <script>alert(1)</script>');
    await expect(v.page.locator('h1 em').count()).resolves.toBe(0);
    v.assertClean();
    p.assertClean();
  });

  it('a service’s short description changes on /services and the home page, and the wizard still preselects it', async () => {
    await using p = await editorAt('/admin/pages/web-design');
    const summary = 'Websites your customers finish reading, and your staff can update.';
    await p.page.getByLabel(SERVICE_FIELDS.summary.label, { exact: true }).fill(summary);
    await p.page.getByLabel(SERVICE_FIELDS.name.label, { exact: true }).fill('Website Design');
    await p.page.getByRole('button', { name: PAGES_TEXT.publish }).click();
    await p.page.getByRole('status').filter({ hasText: PAGES_TEXT.publishedNotice }).waitFor();
    await expect.poll(() => visitorText('/'), { timeout: 8_000 }).toContain(summary);
    expect(await visitorText('/services?category=web')).toContain('Website Design');
    expect(await visitorText('/')).not.toContain(DEFAULTS.services['web-design'].summary);

    await using v = await openPage(site.browser);
    await v.page.goto(`${site.baseUrl}/quote?service=web-design`, { waitUntil: 'networkidle' });
    await expect(v.page.getByRole('radio', { name: /Website Design/ }).isChecked()).resolves.toBe(true);
    v.assertClean();
    p.assertClean();
  });

  it('values are reordered and removed, and the history shows a word diff', async () => {
    await using p = await editorAt('/admin/pages/about');
    const { page } = p;
    const [first, second] = DEFAULTS.pages.about.values;
    await page.getByRole('button', { name: `${PAGES_TEXT.moveDown('Value')} (Value 1)` }).click();
    // Focus follows the moved value, so a keyboard user can move it again.
    const followed = `${PAGES_TEXT.moveDown('Value')} (Value 2)`;
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, followed);
    await page.getByRole('button', { name: `${PAGES_TEXT.remove('Value')} (Value 4)` }).click();
    await page.getByLabel(PAGE_FIELDS.about.lead.label, { exact: true }).fill('Enterprise-grade infrastructure, small-business care.');
    await page.getByRole('button', { name: PAGES_TEXT.publish }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.publishedNotice }).waitFor();

    const about = await visitorText('/about');
    expect(about.indexOf(second!.title)).toBeLessThan(about.indexOf(first!.title));
    expect(about).not.toContain(DEFAULTS.pages.about.values[3]!.title);

    await page
      .getByLabel(PAGE_FIELDS.about.lead.label, { exact: true })
      .fill('Enterprise-grade infrastructure, small-business attention again.');
    await page.getByRole('button', { name: PAGES_TEXT.saveDraft }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.draftSavedNotice }).waitFor();
    const history = page.getByRole('region', { name: PAGES_TEXT.history });
    await history.getByRole('button', { name: REVISION_TEXT.compare }).nth(1).click();
    const dialog = page.getByRole('dialog', { name: REVISION_TEXT.diffTitle });
    await dialog.locator('del').first().waitFor();
    await expect(dialog.locator('del').allInnerTexts()).resolves.toEqual([expect.stringContaining('care')]);
    await expect(dialog.locator('ins').allInnerTexts()).resolves.toEqual([expect.stringContaining('attention again')]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    p.assertClean();
  });

  it('a field too long is refused beside it, in words, and what was typed stays', async () => {
    await using p = await editorAt('/admin/pages/contact');
    const { page } = p;
    const field = page.getByLabel(PAGE_FIELDS.contact.title.label, { exact: true });
    // The input stops at the limit; a pasted value past it is what a script or an old browser could send.
    await field.evaluate((input) => input.removeAttribute('maxlength'));
    await field.fill('x'.repeat(PAGE_FIELDS.contact.title.max + 1));
    await page.getByRole('button', { name: PAGES_TEXT.saveDraft }).click();
    await page.getByRole('alert').waitFor();
    await expect(page.locator('#words-title-error').innerText()).resolves.toBe(
      `${PAGE_FIELDS.contact.title.label} must be at most ${PAGE_FIELDS.contact.title.max} characters.`,
    );
    await expect(field.inputValue()).resolves.toHaveLength(PAGE_FIELDS.contact.title.max + 1);
    expect(p.problems.splice(0).filter((m) => !m.includes('status of 400'))).toEqual([]);
    p.assertClean();
  });

  it('a new page with SEO fields: refused addresses beside the field, a 404 while a draft, then public at its address, in the sitemap and the footer', async () => {
    await using p = await editorAt('/admin/pages');
    const { page } = p;
    await page.getByRole('button', { name: PAGES_TEXT.newPage }).click();
    await page.getByRole('heading', { level: 1, name: PAGES_TEXT.editTitle(PAGES_TEXT.newPageTitle) }).waitFor();
    await page.waitForLoadState('networkidle');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field(CUSTOM_PAGE_FIELDS.title.label).fill('Careers');
    await field(CUSTOM_PAGE_FIELDS.address.label).fill('blog');
    await page.getByRole('textbox', { name: CUSTOM_PAGE_FIELDS.body.label }).fill('We hire engineers who like to write things down.');
    await field(CUSTOM_PAGE_FIELDS.seoTitle.label).fill('Careers at Northbridge');
    await field(CUSTOM_PAGE_FIELDS.metaDescription.label).fill('Engineering roles in Sydney, with on-call that respects sleep.');
    await page.getByLabel(CUSTOM_PAGE_FIELDS.showInFooter.label).check();
    await page.getByRole('button', { name: PAGES_TEXT.saveDraft }).click();
    await page.getByRole('alert').waitFor();
    await expect(page.locator('#words-address-error').innerText()).resolves.toBe(PAGES_MESSAGES.addressReserved('blog'));
    await page.waitForFunction(() => document.activeElement?.id === 'words-address');
    await expect(axeViolations(page)).resolves.toEqual([]);

    await field(CUSTOM_PAGE_FIELDS.address.label).fill('careers');
    await page.getByRole('button', { name: PAGES_TEXT.saveDraft }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.draftSavedNotice }).waitFor();
    await using v = await openPage(site.browser);
    const draft = await v.page.goto(`${site.baseUrl}/careers`);
    expect(draft?.status()).toBe(404);

    await page.getByRole('button', { name: PAGES_TEXT.publish }).click();
    await page.getByRole('status').filter({ hasText: PAGES_TEXT.publishedNotice }).waitFor();
    await expect.poll(async () => (await v.page.goto(`${site.baseUrl}/careers`))?.status(), { timeout: 8_000 }).toBe(200);
    await expect(v.page.title()).resolves.toBe(`Careers at Northbridge | ${DEFAULT_SITE_SETTINGS.name}`);
    await expect(v.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Careers');
    await expect(v.page.locator('main').innerText()).resolves.toContain('We hire engineers who like to write things down.');
    await expect(v.page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(
      'Engineering roles in Sydney, with on-call that respects sleep.',
    );
    await expect(v.page.locator('script[src]').count()).resolves.toBe(0);
    await v.page.goto(`${site.baseUrl}/about`);
    await v.page.locator('footer').getByRole('link', { name: 'Careers' }).click();
    await v.page.waitForURL(`${site.baseUrl}/careers`);
    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('/careers</loc>');
    // The 404 of the draft is the page's own status, which Chromium logs.
    expect(v.problems.splice(0).filter((m) => !m.includes('404'))).toEqual([]);
    expect(p.problems.splice(0).filter((m) => !m.includes('status of 400'))).toEqual([]);
    p.assertClean();
  });

  it('what was typed and not saved comes back after a reload, and can be discarded', async () => {
    await using p = await editorAt('/admin/pages/quote');
    const { page } = p;
    const field = page.getByLabel(PAGE_FIELDS.quote.lead.label, { exact: true });
    await field.fill('Three short steps, typed but never saved.');
    const autosaved = page.waitForResponse((res) => res.url().endsWith('/api/admin/pages/quote/autosave') && res.status() === 200);
    await autosaved;
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('status').filter({ hasText: 'Your unsaved changes from' }).waitFor();
    await expect(field.inputValue()).resolves.toBe('Three short steps, typed but never saved.');
    await page.getByRole('button', { name: PAGES_TEXT.discardChanges }).click();
    await expect.poll(() => field.inputValue()).toBe(DEFAULTS.pages.quote.lead);
    p.assertClean();
  });
});
