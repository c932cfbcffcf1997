import { randomUUID } from 'node:crypto';
import { launchBrowser, startSite } from './helpers/browser.ts';
import { createStaff, insertContact, insertQuote } from './integration/admin-client.ts';

const site = await startSite({ env: { TRUST_PROXY: '1' } });
await createStaff(site.database.db);
const db = site.database.db;
for (let i = 0; i < 12; i += 1) await insertQuote(db, { name: `Lead ${i}`, createdAt: new Date(Date.now() - i * 86400_000 * 3).toISOString(), service: i % 2 ? 'datacenter' : 'web-hosting', details: i % 2 ? { serverCount: 3, storageSize: 10, rackSpace: 4, redundancy: 'High' } : undefined });
await insertContact(db, { name: 'Old contact', createdAt: new Date(Date.now() - 40 * 3600_000).toISOString() });
const q = await insertQuote(db, { name: 'Detail <b>Lead</b>' });
await db.insertInto('outbox').values({ id: randomUUID(), kind: 'staff-email', lead_type: 'quote', lead_id: q, payload: '{}', status: 'failed', attempts: 8, next_attempt_at: new Date().toISOString(), locked_until: null, last_error: 'SMTP connection refused', delivered_at: null, created_at: new Date().toISOString() }).execute();
const browser = await launchBrowser();
const paths = (process.env.SHOTS ?? '/admin/login,/admin/dashboard').split(',');
for (const [name, width] of [['phone', 360], ['desktop', 1440]] as const) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-Proto': 'https' } });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${site.baseUrl}/admin/login`);
  await page.getByLabel('Email').fill('staff@northbridge-it.com.au');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
  for (const path of paths) {
    await page.goto(site.baseUrl + path.replace('LEAD', `quote/${q}`));
    await page.waitForTimeout(300);
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
