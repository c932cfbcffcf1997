/**
 * Saves every page at 360, 768 and 1440 px into ./screenshots/ (not committed) for a person to look at.
 * Runs the production build on a fresh temporary database with the demo content.
 * Usage: npm run screenshots [-- /path /other-path]
 */
import { mkdirSync } from 'node:fs';
import { seedDemoContent } from '../db/seed/seed-demo.ts';
import { launchBrowser, startSite } from '../tests/helpers/browser.ts';

const WIDTHS = [360, 768, 1440];
const DEFAULT_PATHS = ['/', '/services', '/services?category=web&service=web-hosting', '/about', '/contact', '/quote', '/blog', '/privacy', '/admin/login', '/no-such-page'];

const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
const site = await startSite();
await seedDemoContent(site.database.db);
const browser = await launchBrowser();
mkdirSync('screenshots', { recursive: true });
try {
  const firstPost = await site.database.db.selectFrom('blogs').select('slug').orderBy('published_at', 'desc').executeTakeFirst();
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
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
