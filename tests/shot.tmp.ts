import { launchBrowser, startSite } from './helpers/browser.ts';
const site = await startSite();
const browser = await launchBrowser();
const paths = (process.env.SHOTS ?? '/').split(',');
for (const [name, width] of [['phone', 360], ['desktop', 1440]] as const) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await ctx.newPage();
  for (const path of paths) {
    await page.goto(site.baseUrl + path);
    const file = `/tmp/shots/${name}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((e) => `${e.tagName}.${e.className}`));
    console.log(file, wide.join(' | '));
  }
  await ctx.close();
}
await browser.close();
await site.stop();
process.exit(0);
