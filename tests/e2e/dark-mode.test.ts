import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { createStaff, insertContact, insertQuote } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { axeViolations, liveSite, openPage, openSettled, staffPage } from '../helpers/browser.ts';
import { fillProjectDetails } from '../helpers/leads.ts';

/**
 * The site and the admin follow the device's light or dark setting (docs/product.md#colour-schemes): CSS only, so a
 * content page still ships no script. Every page is checked in both schemes with axe (contrast included) and by its
 * body's background. With DARK_MODE_SCREENSHOTS set to a folder, screenshots of each at phone and desktop width go
 * there for a person to look at (left out otherwise: they assert nothing and took a third of the file's time).
 */
const SHOTS = process.env.DARK_MODE_SCREENSHOTS;
const SCHEMES = ['dark', 'light'] as const;
type Scheme = (typeof SCHEMES)[number];
const WIDTHS = [390, 1440] as const;

// The session cookie is Secure (production): the browser tells the app it came over HTTPS through a proxy.
const site = liveSite({ env: { TRUST_PROXY: '1', MIN_FILL_MS: '0' } });
let postPath: string;
let tagPath: string;
let leadPath: string;

beforeAll(async () => {
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  const blog = createBlogService({ db: site.database.db });
  const post = await blog.createPost(
    postInput({
      title: 'Networks After Dark',
      tags: 'Networking, Security',
      content:
        '<h2>What changes</h2><p>Some <a href="/services">linked</a> words and <code>inline code</code>.</p>' +
        '<blockquote><p>A quoted line.</p></blockquote><pre><code>ping 10.0.0.1</code></pre>' +
        '<table><tbody><tr><th>Plan</th><td>Managed</td></tr></tbody></table>',
    }),
  );
  await blog.createPost(postInput({ title: 'A Second Post', tags: 'Networking', publishedAt: '2026-01-02T00:00:00.000Z' }));
  postPath = `/blog/${post.slug}`;
  tagPath = '/blog/tag/networking';
  await createStaff(site.database.db);
  leadPath = `/admin/leads/quote/${await insertQuote(site.database.db, { name: 'Wendy Winner', email: 'wendy@winner.example', company: 'Winner Logistics' })}`;
  await insertContact(site.database.db, { name: 'Carl Contact', email: 'carl@contact.example' });
});

/** Relative luminance (0 black … 1 white) of the body's computed background. */
function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number];
    const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });
}

/** Scripts the page would run (JSON-LD data blocks are not scripts). */
function executableScripts(page: Page): Promise<number> {
  return page.evaluate(() => [...document.scripts].filter((s) => !/^application\/(ld\+)?json$/i.test(s.type)).length);
}

/** The page in `scheme`: axe finds nothing, the body's background matches the scheme; screenshots at both widths if asked for. */
async function checkPage(page: Page, name: string, scheme: Scheme) {
  // A scheme switched on an open page fades its buttons' colours (0.15 s): contrast is judged once they are still.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  const luminance = await bodyLuminance(page);
  if (scheme === 'dark') expect(luminance, `${name}: body background in dark`).toBeLessThan(0.05);
  else expect(luminance, `${name}: body background in light`).toBeGreaterThan(0.9);
  expect(await axeViolations(page), `${name} in ${scheme}`).toEqual([]);
  if (!SHOTS) return;
  const viewport = page.viewportSize()!;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${scheme}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(viewport);
}

/** The open page in each scheme, switched as a device would switch it (one page load for both). */
async function checkSchemes(page: Page, name: string) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await checkPage(page, name, colorScheme);
  }
}

describe('colour schemes: every page follows the device setting, AA in both', () => {
  it('public pages in both schemes', { timeout: 240_000 }, async () => {
    await using p = await openPage(site.browser);
    const { page } = p;
    const pages: Array<[string, string, boolean]> = [
      ['home', '/', true],
      ['services', '/services', true],
      ['about', '/about', true],
      ['privacy', '/privacy', true],
      ['blog', '/blog', false],
      ['post', postPath, true],
      ['tag', tagPath, false],
    ];
    for (const [name, path, content] of pages) {
      await openSettled(page, site, path);
      if (content) expect(await executableScripts(page), `${path} carries a script`).toBe(0);
      await checkSchemes(page, name);
    }
    const missing = await page.goto(`${site.baseUrl}/no-such-page`, { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    expect(await executableScripts(page), 'the 404 page carries a script').toBe(0);
    await checkSchemes(page, 'not-found');

    // The contact form with its spam check (loaded on the first touch) and, after an empty Send, its errors.
    await openSettled(page, site, '/contact');
    await page.getByRole('textbox', { name: 'Full Name' }).click();
    await page.locator('altcha-widget').waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').first().waitFor();
    await checkSchemes(page, 'contact');

    // The quote wizard's three steps, a service chosen and the spam check shown on the last.
    await page.evaluate(() => sessionStorage.clear());
    await openSettled(page, site, '/quote?service=datacenter');
    await checkSchemes(page, 'quote-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Full Name' }).waitFor();
    await fillProjectDetails(page);
    await checkSchemes(page, 'quote-2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Submit request' }).waitFor();
    await page.locator('altcha-widget').waitFor();
    await checkSchemes(page, 'quote-3');
    p.assertClean();
  });

  it('the admin in both schemes', { timeout: 240_000 }, async () => {
    {
      await using p = await openPage(site.browser);
      await openSettled(p.page, site, '/admin/login');
      await checkSchemes(p.page, 'admin-login');
      p.assertClean();
    }
    await using p = await staffPage(site, '/admin/dashboard');
    const { page } = p;
    await checkSchemes(page, 'admin-dashboard');
    const pages: Array<[string, string]> = [
      ['admin-leads', '/admin/leads'],
      ['admin-lead', leadPath],
      ['admin-blog', '/admin/blog'],
      ['admin-media', '/admin/media'],
      ['admin-staff', '/admin/staff'],
      ['admin-account', '/admin/account'],
      ['admin-settings', '/admin/settings'],
      ['admin-audit', '/admin/audit'],
    ];
    for (const [name, path] of pages) {
      await openSettled(page, site, path);
      await checkSchemes(page, name);
    }
    await openSettled(page, site, '/admin/blog-editor');
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    await checkSchemes(page, 'admin-editor');
    p.assertClean();
  });
});
