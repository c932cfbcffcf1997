import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../shared/messages.ts';
import { IMAGE_MAX_BYTES, IMAGE_SIZES } from '../../shared/images.ts';
import { STAFF, createStaff } from '../helpers/admin-client.ts';
import { SVG_WITH_SCRIPT, makeImage } from '../helpers/images.ts';
import { axeViolations, liveSite, openEditor, openPage, pageApi, staffPage } from '../helpers/browser.ts';
import { listAllBlogs } from '../../db/queries/blogs.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
const files: Record<string, string> = {};
beforeAll(async () => {
  await createStaff(site.database.db);
  const dir = tmpdir();
  const write = async (name: string, bytes: Buffer) => {
    files[name] = join(dir, `editor-test-${process.pid}-${name}`);
    await writeFile(files[name], bytes);
  };
  await write('wide.png', await makeImage(2000, 1000));
  await write('body.png', await makeImage(1200, 800));
  await write('script.svg', SVG_WITH_SCRIPT);
  await write('notes.txt', Buffer.from('not an image'));
  await write('photo-really-jpeg.png', await makeImage(200, 200, 'jpeg'));
  await write('huge.png', Buffer.concat([await makeImage(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]));
});

/** A signed-in staff page on the editor (a new post unless `path` says), once Tiptap runs (its toolbar exists only then). */
async function editorPage(viewport = DESKTOP, path = '/admin/blog-editor') {
  const p = await staffPage(site, path, viewport);
  await p.page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
  return p;
}

const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
const body = (page: Page) => page.getByRole('textbox', { name: 'Content' });

async function fillPost(page: Page, post: { title: string; text: string }) {
  await page.getByLabel(/^Title/).fill(post.title);
  await page.getByLabel('Excerpt').fill(`All about ${post.title}.`);
  await body(page).click();
  await page.keyboard.type(post.text);
}

async function savePost(page: Page, expected = 'Saved') {
  await page.getByRole('button', { name: 'Save post' }).click();
  await page.getByRole('status').filter({ hasText: expected }).first().waitFor();
}

/** Storage check: how many uploaded images the database holds (no staff page lists them). */
async function countImages(): Promise<number> {
  return (await site.database.db.selectFrom('images').select('id').execute()).length;
}

describe('the editor toolbar', () => {
  it('is one row of named icon buttons at 1440 px; tooltips give each shortcut; arrows move along it; Ctrl+B and Ctrl+I format', async () => {
    await using p = await editorPage();
    const { page } = p;
    const buttons = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button');
    const names = await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names).toEqual(['Bold', 'Italic', 'Heading 2', 'Heading 3', 'Bullet list', 'Numbered list', 'Quote', 'Code block', 'Link', 'Image', 'Undo', 'Redo']);
    const tops = await buttons.evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top)))]);
    expect(tops).toHaveLength(1);

    await tool(page, 'Bold').hover();
    const tip = page.locator('.rte-tip').first();
    await expect(tip.isVisible()).resolves.toBe(true);
    await expect(tip.textContent()).resolves.toBe('BoldCtrl+B');
    await expect(tool(page, 'Link').getAttribute('aria-keyshortcuts')).resolves.toBe('Control+K');

    // One Tab stop: focus lands on the first button, arrows move, the tooltip shows on keyboard focus too.
    await page.getByLabel('Author').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Bold');
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Italic');
    await expect(page.locator('.rte-tool').nth(1).locator('.rte-tip').isVisible()).resolves.toBe(true);
    await page.keyboard.press('End');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Redo');

    await body(page).click();
    await page.keyboard.press('Control+B');
    await page.keyboard.type('strong');
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+I');
    await page.keyboard.type(' slanted');
    await expect(body(page).innerHTML()).resolves.toBe('<p><strong>strong</strong><em> slanted</em></p>');
    await expect(tool(page, 'Italic').getAttribute('aria-pressed')).resolves.toBe('true');
    p.assertClean();
  });
});

describe('links and images through dialogs in the page', () => {
  it('a link is added with Ctrl+K: a bad address is refused beside its field, a good one links the selected words; axe is clean on the dialog', async () => {
    await using p = await editorPage();
    const { page } = p;
    let prompted = false;
    page.on('dialog', () => {
      prompted = true;
    });
    await fillPost(page, { title: 'Links Through Dialogs', text: 'ACSC advice' });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect(dialog.getByLabel('Link text').count()).resolves.toBe(0);
    await dialog.getByLabel('Link address').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await expect(dialog.getByText(EDITOR_MESSAGES.linkUrlInvalid).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Link address').fill('https://www.cyber.gov.au/');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(body(page).innerHTML()).resolves.toBe('<p><a rel="noopener noreferrer" href="https://www.cyber.gov.au/">ACSC advice</a></p>');

    // With nothing selected the dialog asks for the link's words as well. The dialog hands focus back to the
    // editor as it closes; a key pressed before that lands on the page, and the words stay selected.
    await expect.poll(() => body(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The editor settles its selection after focus comes back: Tiptap's `focus` in an animation frame, then
    // ProseMirror 20 ms after the focus event puts its own selection (the linked words) back into the page. A key
    // pressed before then moves the page's caret while the editor keeps the words selected, and typing replaces
    // them. Two frames and a 50 ms timer in the page run after both.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        return page.evaluate(() => document.getSelection()?.isCollapsed);
      })
      .toBe(true);
    await page.keyboard.type(' and ');
    // Typing on from a link's end leaves the link (Tiptap's links are not inclusive).
    await expect(body(page).innerHTML()).resolves.toBe('<p><a rel="noopener noreferrer" href="https://www.cyber.gov.au/">ACSC advice</a> and </p>');
    await tool(page, 'Link').click();
    await dialog.getByLabel('Link address').fill('/contact');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await expect(dialog.getByText('Link text is required.').isVisible()).resolves.toBe(true);
    await dialog.getByLabel('Link text').fill('talk to us');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Publish this post').check();
    await savePost(page, 'The post is live');

    await page.goto(`${site.baseUrl}/blog/links-through-dialogs`);
    await expect(page.locator('.post-content a[href="https://www.cyber.gov.au/"]').textContent()).resolves.toBe('ACSC advice');
    await expect(page.locator('.post-content a[href="/contact"]').textContent()).resolves.toBe('talk to us');
    expect(prompted).toBe(false);
    p.assertClean();
  });

  it('a PNG uploaded as the featured image and another in the body are stored (storage check) and reach the public post at the width each screen needs, with srcset', async () => {
    const p = await editorPage();
    try {
      const { page } = p;
      await fillPost(page, { title: 'Racks With Pictures', text: 'A tidy rack:' });
      await page.getByLabel('Upload a featured image').setInputFiles(files['wide.png']!);
      await page.locator('.featured-preview img').waitFor();
      await expect(page.getByLabel('Featured image URL').inputValue()).resolves.toMatch(/^\/media\/[0-9a-f-]{36}\/1600\.png$/);
      await page.getByRole('group', { name: 'Featured image' }).getByLabel('Alt text').fill('A wide rack of servers');

      await tool(page, 'Image').click();
      const dialog = page.getByRole('dialog', { name: 'Add image' });
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Insert image' }).click();
      await expect(dialog.getByText(EDITOR_MESSAGES.imageRequired).isVisible()).resolves.toBe(true);
      await expect(dialog.getByText(EDITOR_MESSAGES.altRequired).isVisible()).resolves.toBe(true);
      await dialog.getByLabel('Upload an image').setInputFiles(files['body.png']!);
      // The upload goes into the media library and is chosen there.
      await expect.poll(() => dialog.getByRole('radio', { name: /body\.png/ }).isChecked()).toBe(true);
      await dialog.getByLabel('Description (alt text)').fill('Patch panel with labelled cables');
      await dialog.getByRole('button', { name: 'Insert image' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByLabel('Publish this post').check();
      await savePost(page, 'The post is live');
      expect(await countImages()).toBeGreaterThanOrEqual(2);
      p.assertClean();
    } finally {
      await p.close();
    }

    for (const [viewport, featuredWidth] of [[PHONE, 480], [DESKTOP, 960]] as const) {
      await using visitor = await openPage(site.browser, viewport);
      const { page } = visitor;
      await page.goto(`${site.baseUrl}/blog/racks-with-pictures`, { waitUntil: 'networkidle' });
      const featured = page.locator('img.post-image');
      await expect(featured.getAttribute('srcset')).resolves.toMatch(/480\.webp 480w, .*960\.webp 960w, .*1600\.webp 1600w$/);
      // The file chosen is the one as wide as the image's slot needs (390 px: 480 w, 1440 px: 960 w); the
      // integration tests show each file is as wide as its name says.
      const chosen = new RegExp(`/${featuredWidth}\\.webp$`);
      await expect(featured.evaluate((img: HTMLImageElement) => img.currentSrc)).resolves.toMatch(chosen);

      const inline = page.getByRole('img', { name: 'Patch panel with labelled cables' });
      await inline.scrollIntoViewIfNeeded();
      await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(chosen);
      await expect(inline.getAttribute('srcset')).resolves.toMatch(/480\.webp 480w, .*960\.webp 960w, .*1200\.webp 1200w$/);
      await expect(inline.getAttribute('width')).resolves.toBe('1200');
      await expect(inline.getAttribute('height')).resolves.toBe('800');

      await page.goto(`${site.baseUrl}/blog`, { waitUntil: 'networkidle' });
      const card = page.locator('.post-card', { hasText: 'Racks With Pictures' }).locator('img');
      await expect(card.getAttribute('srcset')).resolves.toContain('.webp 480w');
      await expect(card.getAttribute('sizes')).resolves.toBe(IMAGE_SIZES.card);
      visitor.assertClean();
    }
  });

  it('uploads refused (wrong type, over 10 MB, bytes not what the name says, SVG with a script) each say why beside the picker and store nothing (storage check)', async () => {
    await using p = await editorPage(PHONE);
    const { page } = p;
    const before = await countImages();
    const picker = page.getByLabel('Upload a featured image');
    for (const [file, message] of [
      ['notes.txt', EDITOR_MESSAGES.imageType],
      ['huge.png', EDITOR_MESSAGES.imageTooLarge(10)],
      ['photo-really-jpeg.png', EDITOR_MESSAGES.imageMismatch('PNG')],
      ['script.svg', EDITOR_MESSAGES.imageSvg],
    ] as const) {
      await picker.setInputFiles(files[file]!);
      const error = page.locator('.image-upload .field-error');
      await expect.poll(() => error.textContent()).toBe(message);
      await expect(picker.getAttribute('aria-invalid')).resolves.toBe('true');
    }
    expect(await countImages()).toBe(before);
    await expect(page.getByLabel('Featured image URL').inputValue()).resolves.toBe('');
    // The refusals of the server are answered 400 or 413; the browser logs those, nothing else.
    expect(p.problems.filter((problem) => !/status of 4(00|13)/.test(problem))).toEqual([]);
  });

  it('a featured image at an http:// address is refused with a clear message', async () => {
    await using p = await editorPage();
    const { page } = p;
    await fillPost(page, { title: 'Plain HTTP Picture', text: 'Body.' });
    await page.getByLabel('Featured image URL').fill('http://images.example.com/a.png');
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect.poll(() => page.locator('.featured-image .field-error').textContent()).toBe(EDITOR_MESSAGES.featuredImageHttps);
    const posts = (await pageApi<{ posts: Array<{ title: string }> }>(page, '/api/admin/posts')).posts;
    expect(posts.filter((post) => post.title === 'Plain HTTP Picture')).toEqual([]);
  });
});

describe('autosave, history and the address', () => {
  it('the form is autosaved while typing ("Draft saved …") and a reload brings it back', async () => {
    await using p = await editorPage();
    const { page } = p;
    await fillPost(page, { title: 'Half Written On A Train', text: 'The first paragraph survives a reload.' });
    await page.getByRole('status').filter({ hasText: /^Draft saved \d/ }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await expect(page.getByText(/^Restored your unsaved changes from/).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel(/^Title/).inputValue()).resolves.toBe('Half Written On A Train');
    await expect(page.getByLabel('Address').inputValue()).resolves.toBe('half-written-on-a-train');
    await expect(body(page).textContent()).resolves.toBe('The first paragraph survives a reload.');
    expect(await axeViolations(page)).toEqual([]);

    // Saving the post ends the autosave: the next visit starts from the saved post.
    await savePost(page, 'Saved as a draft');
    const url = page.url();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await expect(page.getByText(/^Restored your unsaved changes/).count()).resolves.toBe(0);
    p.assertClean();
  });

  it('an older version is restored from the history (who, when), and the restore is audited', async () => {
    await using p = await editorPage();
    const { page } = p;
    await fillPost(page, { title: 'Version One', text: 'The first words.' });
    await savePost(page, 'Saved as a draft');
    await page.getByLabel(/^Title/).fill('Version Two');
    await body(page).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Second thoughts.');
    await savePost(page, 'Saved as a draft');

    // The history list is fetched again after each save, so it is polled rather than read once.
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);
    await expect(history.getByRole('listitem').first().textContent()).resolves.toContain(`by ${STAFF.name}`);
    await history.getByRole('button', { name: /^Restore the version saved/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored the version saved' }).waitFor();
    await expect(page.getByLabel(/^Title/).inputValue()).resolves.toBe('Version One');
    await expect(body(page).textContent()).resolves.toBe('The first words.');
    await expect.poll(() => history.getByRole('listitem').count()).toBe(3);
    const audit = (await pageApi<{ entries: unknown[] }>(page, '/api/admin/audit?action=post.restored')).entries;
    expect(audit).toHaveLength(1);
    p.assertClean();
  });

  it('a published post given a new address says the old one will redirect, and it does (301); a taken address is refused', async () => {
    await using p = await editorPage();
    const { page } = p;
    await fillPost(page, { title: 'Firewall Basics', text: 'Deny by default.' });
    await page.getByLabel('Publish this post').check();
    await savePost(page, 'The post is live');
    const address = page.getByLabel('Address');
    await address.fill('firewall-basics-2027');
    await expect(page.getByText(EDITOR_MESSAGES.slugWillRedirect('firewall-basics')).isVisible()).resolves.toBe(true);
    await savePost(page, 'The post is live');

    const old = await page.request.get(`${site.baseUrl}/blog/firewall-basics`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe('/blog/firewall-basics-2027');
    await page.goto(`${site.baseUrl}/blog/firewall-basics`);
    expect(page.url()).toBe(`${site.baseUrl}/blog/firewall-basics-2027`);

    await openEditor(page, site);
    await fillPost(page, { title: 'Another Firewall Post', text: 'More.' });
    await page.getByLabel('Address').fill('firewall-basics-2027');
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect
      .poll(() => page.locator('.field-error').filter({ hasText: 'is used by another post' }).textContent())
      .toBe(EDITOR_MESSAGES.slugTaken('firewall-basics-2027', 'firewall-basics-2027-2'));
  });

  it('axe finds nothing on the editor of a saved post, with its history, at 390 and 1440 px; nothing overflows sideways', async () => {
    const posts = await listAllBlogs(site.database.db, { after: null, limit: 1 });
    for (const viewport of [PHONE, DESKTOP]) {
      await using p = await editorPage(viewport, `/admin/blog-editor/${posts[0]!.id}`);
      expect({ width: viewport.width, violations: await axeViolations(p.page) }).toEqual({ width: viewport.width, violations: [] });
      await expect(p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
      p.assertClean();
    }
  });
});
