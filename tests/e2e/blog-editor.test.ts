import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { IMAGE_MAX_BYTES, IMAGE_SIZES } from '../../shared/images.ts';
import { STAFF, createStaff } from '../helpers/admin-client.ts';
import { SVG_WITH_SCRIPT, makeImage } from '../helpers/images.ts';
import { axeViolations, liveSite, openEditor, openPage, openSettled, pageApi, staffPage } from '../helpers/browser.ts';
import { listAllBlogs } from '../../db/queries/blogs.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { postInput } from '../helpers/blog-posts.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const WIDE = { width: 1920, height: 1080 };
/** Screenshots for a person to look at (a temporary folder unless EDITOR_SCREENSHOTS names one). */
const SHOTS = process.env.EDITOR_SCREENSHOTS ?? join(tmpdir(), 'editor-screenshots');

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1' } });
const files: Record<string, string> = {};
beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  await createStaff(site.database.db);
  const dir = tmpdir();
  const write = async (name: string, bytes: Buffer) => {
    files[name] = join(dir, `editor-test-${process.pid}-${name}`);
    await writeFile(files[name], bytes);
  };
  await write('wide.png', await makeImage(2000, 1000));
  await write('body.png', await makeImage(1200, 800));
  await write('rack.png', await makeImage(800, 600));
  await write('script.svg', SVG_WITH_SCRIPT);
  await write('notes.txt', Buffer.from('not an image'));
  await write('photo-really-jpeg.png', await makeImage(200, 200, 'jpeg'));
  await write('huge.png', Buffer.concat([await makeImage(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]));
});

/**
 * A signed-in staff page on the editor (a new post unless `path` says), once Tiptap runs (its toolbar exists only
 * then). A new post starts empty: what an earlier test left unsaved (kept by the autosave) is discarded.
 */
async function editorPage(viewport = DESKTOP, path = '/admin/blog-editor') {
  const p = await staffPage(site, path, viewport);
  await p.page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
  const discard = p.page.getByRole('button', { name: 'Discard them' });
  if (path === '/admin/blog-editor' && (await discard.count())) {
    await discard.click();
    await p.page
      .getByRole('status')
      .filter({ hasText: /^Restored your unsaved changes/ })
      .waitFor({ state: 'detached' });
  }
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

/** Presses Save post and waits for its outcome ("Saved. The post is live.", "Saved as a draft." …). */
async function savePost(page: Page, expected: string | RegExp = /^Saved(\.| as)/) {
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
    expect(names).toEqual([
      'Bold',
      'Italic',
      'Heading 2',
      'Heading 3',
      'Bullet list',
      'Numbered list',
      'Quote',
      'Code block',
      'Link',
      'Image',
      'Undo',
      'Redo',
    ]);
    const tops = await buttons.evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top)))]);
    expect(tops).toHaveLength(1);

    await tool(page, 'Bold').hover();
    const tip = page.locator('.rte-tip').first();
    await tip.waitFor();
    await expect(tip.textContent()).resolves.toBe('BoldCtrl+B');
    await expect(tool(page, 'Link').getAttribute('aria-keyshortcuts')).resolves.toBe('Control+K');

    // One Tab stop: focus lands on the first button, arrows move, the tooltip shows on keyboard focus too.
    await page.getByLabel('Excerpt').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Italic');
    await page.locator('.rte-tool').nth(1).locator('.rte-tip').waitFor();
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Redo');

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
    await dialog.getByText(EDITOR_MESSAGES.linkUrlInvalid).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Link address').fill('https://www.cyber.gov.au/');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(body(page).innerHTML()).resolves.toBe(
      '<p><a rel="noopener noreferrer" href="https://www.cyber.gov.au/">ACSC advice</a></p>',
    );

    // The caret is left after the linked words, not on them: once the editor has focus back, typing goes on after
    // the link instead of replacing its words.
    await expect.poll(() => body(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.type(' and ');
    // Typing on from a link's end leaves the link (Tiptap's links are not inclusive).
    await expect(body(page).innerHTML()).resolves.toBe(
      '<p><a rel="noopener noreferrer" href="https://www.cyber.gov.au/">ACSC advice</a> and </p>',
    );
    await tool(page, 'Link').click();
    await dialog.getByLabel('Link address').fill('/contact');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await dialog.getByText('Link text is required.').waitFor();
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

  it('an image chosen from the library stays when typing goes on: the caret is in a new paragraph after it, and the saved and public post show it', async () => {
    await using p = await editorPage();
    const { page } = p;
    await openSettled(page, site, '/admin/media');
    await page.getByLabel('Choose images').setInputFiles(files['rack.png']!);
    await page.getByText('rack.png: uploaded.').waitFor();
    await openEditor(page, site);
    await fillPost(page, { title: 'Pictures Stay Put', text: 'Before the picture.' });
    await page.keyboard.press('Enter');
    await tool(page, 'Image').click();
    const dialog = page.getByRole('dialog', { name: 'Add image' });
    await dialog.getByRole('radio', { name: /rack\.png/ }).check();
    await dialog.getByLabel('Description (alt text)').fill('A rack after tidying');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => body(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('After the picture.');
    await expect(body(page).innerHTML()).resolves.toMatch(
      /^<p>Before the picture\.<\/p><img [^>]*alt="A rack after tidying"[^>]*><p>After the picture\.<\/p>/,
    );
    await page.getByLabel('Publish this post').check();
    await savePost(page, 'The post is live');

    const saved = await site.database.db
      .selectFrom('blogs')
      .select('content')
      .where('slug', '=', 'pictures-stay-put')
      .executeTakeFirstOrThrow();
    expect(saved.content).toMatch(/<p>Before the picture\.<\/p><img [^>]*alt="A rack after tidying"[^>]*><p>After the picture\.<\/p>/);
    await page.goto(`${site.baseUrl}/blog/pictures-stay-put`);
    await page.locator('.post-content').getByRole('img', { name: 'A rack after tidying' }).waitFor();
    await expect(page.locator('.post-content').textContent()).resolves.toContain('After the picture.');
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
      await dialog.getByText(EDITOR_MESSAGES.imageRequired).waitFor();
      await dialog.getByText(EDITOR_MESSAGES.altRequired).waitFor();
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

    for (const [viewport, featuredWidth] of [
      [PHONE, 480],
      [DESKTOP, 960],
    ] as const) {
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
  it('the form is autosaved while typing (the status still says the post has unsaved changes) and a reload brings it back', async () => {
    await using p = await editorPage();
    const { page } = p;
    const autosaved = page.waitForResponse((res) => res.url().endsWith('/api/admin/posts/new/autosave') && res.status() === 200);
    await fillPost(page, { title: 'Half Written On A Train', text: 'The first paragraph survives a reload.' });
    await autosaved;
    await expect(page.locator('.save-status').textContent()).resolves.toBe('Unsaved changes');
    // Kept on the server, so nothing is lost by leaving: the reload is let through and offers the form back.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await page.getByText(/^Restored your unsaved changes from/).waitFor();
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

  it('a version shows what changed since, word by word (<del>, <ins>, read out), each entry says what kind of save it was, and it is restored from there', async () => {
    await using p = await editorPage();
    const { page } = p;
    await fillPost(page, { title: 'Version One', text: 'The quick brown fox jumps.' });
    await savePost(page, 'Saved as a draft');
    await body(page).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('The quick red fox jumps.');
    await savePost(page, 'Saved as a draft');

    // The history list is fetched again after each save, so it is polled rather than read once.
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);
    await expect(history.getByRole('listitem').first().textContent()).resolves.toContain(`by ${STAFF.name}`);
    await expect(history.getByRole('listitem').first().textContent()).resolves.toContain('Changed the text');
    await expect(history.getByRole('listitem').nth(1).textContent()).resolves.toContain('Created');
    await history.getByRole('button', { name: /^Show changes since the version saved/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes since this version' });
    await dialog.locator('.revision-diff').waitFor();
    const text = dialog.getByRole('definition');
    await expect(text.locator('del').count()).resolves.toBe(1);
    await expect(text.locator('ins').count()).resolves.toBe(1);
    // What a screen reader reads: where each change starts and ends, around the words.
    await expect(text.locator('del').textContent()).resolves.toBe('Removed: brown End of removed text. ');
    await expect(text.locator('ins').textContent()).resolves.toBe('Added: red End of added text. ');
    await expect(text.locator('del').evaluate((el) => getComputedStyle(el).textDecorationLine)).resolves.toBe('line-through');
    await expect(text.locator('ins').evaluate((el) => getComputedStyle(el).textDecorationLine)).resolves.toBe('underline');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'diff-390.png') });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SHOTS, 'diff-1440.png') });

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored the version saved' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(body(page).textContent()).resolves.toBe('The quick brown fox jumps.');
    await expect.poll(() => history.getByRole('listitem').count()).toBe(3);
    await expect(history.getByRole('listitem').first().textContent()).resolves.toMatch(/Restored the version saved \d/);
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
    await page.getByText(EDITOR_MESSAGES.slugWillRedirect('firewall-basics')).waitFor();
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

  it('axe finds nothing on the editor of a saved post, with its history, at 390, 1440 and 1920 px; nothing overflows sideways; the writing column is comfortable at each', async () => {
    const posts = await listAllBlogs(site.database.db, { after: null, limit: 1 });
    for (const viewport of [PHONE, DESKTOP, WIDE]) {
      await using p = await editorPage(viewport, `/admin/blog-editor/${posts[0]!.id}`);
      const { page } = p;
      expect({ width: viewport.width, violations: await axeViolations(page) }).toEqual({ width: viewport.width, violations: [] });
      await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
      const [main, side] = await Promise.all(
        ['.editor-main', '.editor-side'].map((s) => page.locator(s).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect)),
      );
      if (viewport === PHONE) {
        // One column: the writing takes the width, the settings follow below it.
        expect(main!.width).toBeGreaterThan(320);
        expect(side!.top).toBeGreaterThan(main!.bottom - 1);
      } else {
        // Two columns on a wide screen: the settings beside the writing, which is wide but not a strip of endless lines.
        expect(side!.left).toBeGreaterThan(main!.right);
        expect(main!.width).toBeGreaterThanOrEqual(viewport === WIDE ? 800 : 640);
        expect(main!.width).toBeLessThanOrEqual(1100);
      }
      await page.screenshot({ path: join(SHOTS, `editor-${viewport.width}.png`), fullPage: true });
      p.assertClean();
    }
  });
});

describe('one status, the heading and leaving the page', () => {
  const status = (page: Page) => page.locator('.save-status');

  it('the status goes "Unsaved changes" → "Saved at …" → "Unsaved changes" → offline "Couldn\'t save, retrying" → back online "Saved at …"; the heading becomes the title at the first save', async () => {
    await using p = await editorPage();
    const { page } = p;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('New post');
    await expect(status(page).textContent()).resolves.toBe('');
    await fillPost(page, { title: 'Status Of One Truth', text: 'First words.' });
    await expect(status(page).textContent()).resolves.toBe('Unsaved changes');
    await savePost(page, 'Saved as a draft');
    await expect(status(page).textContent()).resolves.toMatch(/^Saved at \d{1,2}:\d{2} [ap]m$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Status Of One Truth');
    await expect(page.title()).resolves.toMatch(/^Status Of One Truth · Admin/);
    // "Unsaved changes" and the saved time are one line, never both.
    await expect(page.getByText(/Unsaved changes|Saved at/).count()).resolves.toBe(1);

    await body(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' More words.');
    await expect(status(page).textContent()).resolves.toBe('Unsaved changes');

    // Offline: every request to the API fails. The save says it will try again, and does.
    await page.route('**/api/admin/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect.poll(() => status(page).textContent()).toBe("Couldn't save, retrying");
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.unroute('**/api/admin/**');
    await page.getByRole('status').filter({ hasText: 'Saved as a draft' }).first().waitFor();
    await expect.poll(() => status(page).textContent()).toMatch(/^Saved at /);
    const stored = await site.database.db.selectFrom('blogs').select('content').where('title', '=', 'Status Of One Truth').execute();
    expect(stored).toEqual([{ content: '<p>First words. More words.</p>' }]);
    // The requests the route refused are the test's doing; nothing else went wrong.
    expect(p.problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem))).toEqual([]);
  });

  it('leaving with nothing unsaved does not ask, even after moving about in rich text; a change does ask', async () => {
    // Links, formatting, a list and an image: HTML the editor writes in its own way (attribute order, rel).
    const post = await createBlogService({ db: site.database.db }).createPost(
      postInput({
        title: 'Nothing To Lose',
        content:
          '<h2>Why</h2><p>Read <a href="https://www.cyber.gov.au/" title="ACSC">the advice</a>, <strong>bold</strong> and <em>slanted</em>.</p>' +
          '<ul><li>One</li><li>Two</li></ul><p><img src="/images/blog/zero-trust-for-small-business.svg" alt="A diagram" width="1200" height="630" /></p>',
        published: false,
      }),
    );
    await using p = await editorPage(DESKTOP, `/admin/blog-editor/${post.id}`);
    const { page } = p;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await expect(status(page).textContent()).resolves.toMatch(/^Saved at /);
    await body(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowLeft');
    await page.getByLabel(/^Title/).click();
    await expect(status(page).textContent()).resolves.toMatch(/^Saved at /);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${site.baseUrl}/admin/blog`);
    expect(dialogs).toEqual([]);

    await openEditor(page, site, `/admin/blog-editor/${post.id}`);
    await page.getByLabel(/^Title/).fill(`${post.title} (changed)`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(page.url()).toBe(`${site.baseUrl}/admin/blog-editor/${post.id}`);
  });

  it('typing a featured image address fetches only the address typed, once typing pauses, never each part of it', async () => {
    await using p = await editorPage();
    const { page } = p;
    const png = await makeImage(40, 21);
    await page.route('https://images.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
    const images: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'image') images.push(req.url());
    });
    const address = 'https://images.example.com/racks/cabinet.png';
    await page.getByLabel('Featured image URL').pressSequentially(address, { delay: 15 });
    await page.locator('.featured-preview img').waitFor();
    await expect.poll(() => images.filter((url) => url.startsWith('https://images.example.com/'))).toEqual([address]);
    // No half-typed address was asked for, as a path of this site or anywhere else.
    expect(images.filter((url) => url !== address && !new URL(url).pathname.startsWith('/media/'))).toEqual([]);
    p.assertClean();
  });
});
