import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createAnalyticsReader } from '../../server/analytics/analytics-report.ts';
import { queueWeeklySummaries } from '../../server/analytics/weekly-summary.ts';
import { createLogger } from '../../server/core/logger.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { addDays, localDate, startOfDay } from '../../shared/zoned-time.ts';
import { ADMIN_TEST_ENV, ORIGIN, STAFF, StaffClient, createStaff, insertQuote, staffService } from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { mailFromOutbox } from '../helpers/outbox-once.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { type TestApp, configuredEngines, createTestApp, listTables } from '../helpers/test-app.ts';

/*
 * What visit counting keeps and shows (docs/product.md#analytics): the Analytics report and its CSV by role, a
 * lead's source, what privacy demands of the tables (no address or browser, salts gone with their day, erasure),
 * and the weekly e-mail.
 */

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const DAY = 86_400_000;

/** The test's clock, moved across midnight by the rotation test. */
let clock = Date.now();

function open(app: TestApp, path: string, ip: string, extra: Record<string, string> = {}) {
  let r = request(app.app).get(path).set('X-Forwarded-For', ip).set('User-Agent', BROWSER).set('Sec-Fetch-Dest', 'document');
  for (const [name, value] of Object.entries(extra)) r = r.set(name, value);
  return r;
}

async function submit(app: TestApp, kind: 'quote' | 'contact', ip: string, data: Record<string, unknown>): Promise<string> {
  const challenge = (await request(app.app).get('/api/captcha/challenge')).body as Challenge;
  const res = await request(app.app)
    .post(kind === 'quote' ? '/functions/submitQuote' : '/functions/submitContact')
    .set('Origin', ORIGIN)
    .set('X-Forwarded-For', ip)
    .set('User-Agent', BROWSER)
    .send({ data: { ...data, 'g-recaptcha-response': await solveAltcha(challenge) } });
  expect(res.status).toBe(200);
  return (res.body as { result: { id: string } }).result.id;
}

/** Staff of each role, signed in. */
async function signedIn(app: TestApp, role: 'owner' | 'editor' | 'sales' | 'author'): Promise<StaffClient> {
  const email = `${role}@northbridge-it.com.au`;
  if (role !== 'owner')
    await staffService(app.database.db).createAccount(SYSTEM_ACTOR, { email, name: `${role} person`, password: STAFF.password, role });
  const client = new StaffClient(app.app);
  expect((await client.signIn(email)).status).toBe(200);
  return client;
}

describe.each(configuredEngines())('analytics reports on %s', (engine) => {
  const t = useTestApp(async () => {
    clock = Date.now();
    // Leads keep no address here (CLIENT_IP_STORAGE=none), so the privacy scan can look at every column of every table.
    const app = await createTestApp({
      engine,
      env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV, CLIENT_IP_STORAGE: 'none' },
      analytics: { now: () => clock },
    });
    await createStaff(app.database.db, { email: 'owner@northbridge-it.com.au' });
    await createBlogService({ db: app.database.db }).createPost(postInput({ title: 'Counted post' }));
    return app;
  });

  it('reports views, posts, sources, the funnel and leads; an Editor sees no lead figures; each table downloads as CSV', async () => {
    const slug = 'counted-post';
    await open(t, '/?utm_source=linkedin&utm_medium=social&utm_campaign=launch', '100.70.0.1', {
      Referer: 'https://www.linkedin.com/feed/',
    });
    expect((await open(t, `/blog/${slug}`, '100.70.0.1')).status).toBe(200);
    await open(t, '/quote', '100.70.0.1');
    const beacon = (event: string) =>
      request(t.app)
        .post('/api/analytics/event')
        .set('Origin', ORIGIN)
        .set('User-Agent', BROWSER)
        .set('X-Forwarded-For', '100.70.0.1')
        .send({ event });
    await beacon('quote-step-2');
    await beacon('quote-step-3');
    const quoteId = await submit(t, 'quote', '100.70.0.1', goodQuote('web-hosting'));
    // The same visitor goes through the wizard again and sends a second quote: still one visitor per step, and
    // one visit that sent leads.
    await open(t, '/quote', '100.70.0.1');
    await beacon('quote-step-2');
    await beacon('quote-step-3');
    await submit(t, 'quote', '100.70.0.1', goodQuote('web-hosting'));
    await open(t, '/contact', '100.71.0.1', { Referer: 'https://duckduckgo.com/' });
    await submit(t, 'contact', '100.71.0.1', goodContact());
    // A link with a source and no campaign name is listed under campaigns too.
    await open(t, '/services?utm_source=partner-site', '100.72.0.1');
    await t.visits.flush();

    const owner = await signedIn(t, 'owner');
    const report = (await owner.req('get', '/api/admin/analytics?days=7')).body as Record<string, unknown> & {
      totals: { visitors: number; views: number; leads: number; converted: number };
      channels: Array<{ channel: string; visits: number; leads: number }>;
      campaigns: Array<{ campaign: string; source: string; medium: string; visits: number; leads: number }>;
      referrers: Array<{ host: string; visits: number; leads: number }>;
      funnel: Array<{ step: string; count: number }>;
      pages: Array<{ path: string; leads: number }>;
      posts: Array<{ title: string; leads: number }>;
    };
    expect(report.totals).toMatchObject({ visitors: 3, leads: 3, converted: 2 });
    expect(report.totals.views).toBe(6);
    expect(report.channels).toEqual(
      expect.arrayContaining([
        { channel: 'social', visits: 1, leads: 2, converted: 1 },
        { channel: 'search', visits: 1, leads: 1, converted: 1 },
      ]),
    );
    expect(report.campaigns).toHaveLength(2);
    expect(report.campaigns).toEqual(
      expect.arrayContaining([
        { campaign: 'launch', source: 'linkedin', medium: 'social', visits: 1, leads: 2, converted: 1 },
        { campaign: '', source: 'partner-site', medium: '', visits: 1, leads: 0, converted: 0 },
      ]),
    );
    expect(report.referrers).toEqual(
      expect.arrayContaining([
        { host: 'linkedin.com', visits: 1, leads: 2, converted: 1 },
        { host: 'duckduckgo.com', visits: 1, leads: 1, converted: 1 },
      ]),
    );
    expect(Object.fromEntries(report.funnel.map((f) => [f.step, f.count]))).toEqual({
      'quote-views': 1,
      'quote-step-2': 1,
      'quote-step-3': 1,
      'quote-submitted': 1,
      'contact-views': 1,
      'contact-sent': 1,
    });
    expect(report.pages.find((p) => p.path === '/quote')).toMatchObject({ leads: 2, converted: 1 });
    expect(report.posts).toEqual([{ path: '/blog/counted-post', title: 'Counted post', visitors: 1, views: 1, leads: 2, converted: 1 }]);

    const csv = await owner.req('get', '/api/admin/analytics/export/channels?days=7');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="analytics-channels-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.text).toContain('"Channel","Visits","Leads","Conversion"');
    // Two leads from one visit: that visit converted, 100%, never 200%.
    expect(csv.text).toContain('"Social","1","2","100.0%"');

    const editor = await signedIn(t, 'editor');
    const seen = (await editor.req('get', '/api/admin/analytics?days=7')).body as typeof report;
    expect(seen.totals.leads).toBeNull();
    expect(seen.funnel).toBeNull();
    expect(seen.channels.every((c) => c.leads === null)).toBe(true);
    expect((await editor.req('get', '/api/admin/analytics/export/channels?days=7')).text).toContain('"Channel","Visits"\r\n');
    expect((await editor.req('get', '/api/admin/analytics/export/funnel?days=7')).status).toBe(403);
    const page = await editor.req('get', '/admin/analytics');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Lead figures are shown to those who work the leads.');
    expect(page.text).not.toContain('Quote and contact funnel');

    const author = await signedIn(t, 'author');
    expect((await author.req('get', '/api/admin/analytics')).status).toBe(403);
    expect((await author.req('get', '/admin/analytics')).status).toBe(403);
    expect((await owner.req('get', '/api/admin/analytics?from=2027-02-01&to=2026-01-01')).status).toBe(400);
    // A day that does not exist is refused too, never read as another.
    expect((await owner.req('get', '/api/admin/analytics?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    const impossible = (await owner.req('get', '/admin/analytics?from=2026-02-30&to=2026-03-01')).text;
    expect(impossible).toContain('Choose a start date on or before the end date');
    // Not put back into the date field, which cannot hold it (the browser would warn); the real date is.
    expect(impossible).not.toContain('value="2026-02-30"');
    expect(impossible).toContain('value="2026-03-01"');
    expect((await owner.req('get', '/admin/analytics?days=9999')).text).toContain('Choose a start date on or before the end date');

    // The lead's page shows where it came from; the dashboard and the post list show the summary and figures.
    const leadPage = await owner.req('get', `/admin/leads/quote/${quoteId}`);
    expect(leadPage.text).toContain('Social');
    expect(leadPage.text).toContain('launch · linkedin / social');
    const dashboard = await owner.req('get', '/admin/dashboard');
    expect(dashboard.text).toMatch(/id="visits-heading">Visitors<\/h2>.*This week.*Last week/s);
    expect(dashboard.text).toContain('Leads by channel this week');
    expect((await owner.req('get', '/admin/blog')).text).toContain('Views (30 days)');
    expect((await author.req('get', '/admin/blog')).text).not.toContain('Views (30 days)');
  });

  it('stores no address, no user agent and no full referrer anywhere, and erasing a lead erases where it came from', async () => {
    const ip = '100.72.33.44';
    const referrer = 'https://partner.example.net/blog/secret-page?token=abc123';
    await open(t, '/services?utm_campaign=erase-me', ip, { Referer: referrer });
    const id = await submit(t, 'contact', ip, goodContact({ email: 'erase.me@example.com' }));
    expect(await t.database.db.selectFrom('lead_attributions').select('lead_id').where('lead_id', '=', id).execute()).toHaveLength(1);

    // Every text column of every table, searched for the address, its network, the browser and the full referrer.
    const tables = await listTables(t.database);
    const forbidden = [ip, '100.72.33', BROWSER, 'Macintosh', 'secret-page', 'token=abc123'];
    for (const table of tables) {
      const rows = await t.database.db
        .selectFrom(table.name as 'users')
        .selectAll()
        .execute();
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (typeof value !== 'string') continue;
          for (const text of forbidden) expect(`${table.name}: ${value}`).not.toContain(text);
        }
      }
    }

    const owner = new StaffClient(t.app);
    await owner.signIn('owner@northbridge-it.com.au');
    expect((await owner.req('post', '/api/admin/privacy/erase').send({ email: 'erase.me@example.com' })).status).toBe(200);
    expect(await t.database.db.selectFrom('lead_attributions').select('lead_id').where('lead_id', '=', id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('lead_attribution_pages').select('lead_id').where('lead_id', '=', id).execute()).toEqual([]);
  });

  it('forgets each day’s salt and visits after midnight, so yesterday’s visitors cannot be recomputed; the counts stay', async () => {
    await open(t, '/about', '100.73.0.1');
    await t.visits.flush();
    const db = t.database.db;
    const today = localDate(new Date(clock), t.config.TIME_ZONE);
    const [salt] = await db.selectFrom('analytics_salts').selectAll().where('day', '=', today).execute();
    expect(salt).toBeDefined();
    const before = await db.selectFrom('analytics_days').selectAll().where('day', '=', today).executeTakeFirstOrThrow();

    // A minute before midnight the flush reads the next day's salt; after midnight it forgets the day that ended.
    const midnight = startOfDay(addDays(today, 1), t.config.TIME_ZONE).getTime();
    clock = midnight - 60_000;
    await t.visits.flush();
    clock = midnight + 60_000;
    await open(t, '/about', '100.73.0.1');
    await t.visits.flush();
    const tomorrow = localDate(new Date(clock), t.config.TIME_ZONE);
    const salts = await db.selectFrom('analytics_salts').select('day').execute();
    expect(salts.map((s) => s.day)).not.toContain(today);
    expect(await db.selectFrom('analytics_visits').select('day').where('day', '=', today).execute()).toEqual([]);
    expect(await db.selectFrom('analytics_visit_pages').select('day').where('day', '=', today).execute()).toEqual([]);
    const kept = await db.selectFrom('analytics_days').selectAll().where('day', '=', today).executeTakeFirstOrThrow();
    expect(Number(kept.views)).toBe(Number(before.views));
    const next = await db.selectFrom('analytics_days').selectAll().where('day', '=', tomorrow).executeTakeFirstOrThrow();
    expect(Number(next.visitors)).toBe(1);
  });
});

describe.each(configuredEngines())('the weekly summary e-mail on %s', (engine) => {
  const t = useTestApp(() => createTestApp({ engine, env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV }, analytics: {} }));

  /** One day's visit from a paid-search campaign, as the source tables and a lead's attribution store it. */
  const SPRING_CAMPAIGN = {
    day: '2026-03-03',
    channel: 'campaign',
    referrer_host: '',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'spring',
  };

  it('is opt-in on the account page, goes once a week to each person who asked, with real figures and lead figures only for those who see leads', async () => {
    const db = t.database.db;
    const accounts = staffService(db);
    const sales = await accounts.createAccount(SYSTEM_ACTOR, {
      email: 'sales@northbridge-it.com.au',
      name: 'Sal Sales',
      password: STAFF.password,
      role: 'sales',
    });
    await accounts.createAccount(SYSTEM_ACTOR, {
      email: 'editor@northbridge-it.com.au',
      name: 'Ed Editor',
      password: STAFF.password,
      role: 'editor',
    });
    await accounts.createAccount(SYSTEM_ACTOR, {
      email: 'quiet@northbridge-it.com.au',
      name: 'Quiet Person',
      password: STAFF.password,
      role: 'administrator',
    });
    for (const email of ['sales@northbridge-it.com.au', 'editor@northbridge-it.com.au']) {
      const client = new StaffClient(t.app);
      await client.signIn(email);
      expect((await client.req('get', '/admin/account')).text).toContain('E-mail me a summary every Monday');
      const res = await client.req('put', '/api/admin/account/weekly-summary').send({ enabled: true });
      expect(res.body).toEqual({ enabled: true, message: 'You will get the weekly summary every Monday.' });
    }

    // The week of Monday 2 March 2026: two visitors, a lead from a campaign, and a lead still waiting since then.
    const monday = new Date('2026-03-09T00:00:00+11:00');
    await db
      .insertInto('analytics_days')
      .values(['2026-03-03', '2026-03-04'].map((day) => ({ day, visitors: 1, views: 3 })))
      .execute();
    await db
      .insertInto('analytics_source_days')
      .values({ ...SPRING_CAMPAIGN, visits: 1 })
      .execute();
    const leadId = await insertQuote(db, { createdAt: '2026-03-03T01:00:00.000Z' });
    await db
      .insertInto('lead_attributions')
      .values({
        lead_type: 'quote',
        lead_id: leadId,
        ...SPRING_CAMPAIGN,
        landing_path: '/',
        pages_viewed: 1,
        seconds_to_lead: 60,
      })
      .execute();

    const options = {
      db,
      logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      reader: createAnalyticsReader(db, 'Australia/Sydney', true),
      timeZone: 'Australia/Sydney',
      siteUrl: 'https://www.example.com.au',
      companyName: async () => 'Northbridge IT',
    };
    // Before 8 am on Monday nothing goes; from then, one each, once however often it runs.
    expect(await queueWeeklySummaries(options, new Date(monday.getTime() + 7 * 3_600_000))).toBe(0);
    const at = new Date(monday.getTime() + 9 * 3_600_000 + 2 * DAY);
    expect(await queueWeeklySummaries(options, at)).toBe(2);
    expect(await queueWeeklySummaries(options, at)).toBe(0);

    const mail = (await mailFromOutbox(t)).filter((m) => m.raw.includes('the week from'));
    expect(mail.map((m) => m.to[0]).sort()).toEqual(['editor@northbridge-it.com.au', 'sales@northbridge-it.com.au']);
    const toSales = mail.find((m) => m.to[0] === sales.email)!.raw.replace(/=\r?\n/g, '');
    expect(toSales).toContain('Subject: Northbridge IT: the week from 2 March 2026');
    expect(toSales).toContain('Visitors: 2 (the week before: 0).');
    expect(toSales).toContain('Leads with a known source: 1.');
    expect(toSales).toContain('- Campaign: 1');
    expect(toSales).toContain('1 lead has been waiting for an answer for over 24 hours.');
    const toEditor = mail.find((m) => m.to[0] === 'editor@northbridge-it.com.au')!.raw.replace(/=\r?\n/g, '');
    expect(toEditor).toContain('Visitors: 2');
    expect(toEditor).not.toContain('Leads with a known source');
    expect(toEditor).not.toContain('waiting for an answer');
  });
});
