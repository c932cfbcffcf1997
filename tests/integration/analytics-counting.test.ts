import type { Challenge } from 'altcha-lib';
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, ORIGIN, StaffClient, createStaff } from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { type TestApp, configuredEngines, createTestApp } from '../helpers/test-app.ts';
import { createAnalyticsReader } from '../../server/analytics/analytics-report.ts';

/*
 * Visit counting and lead attribution on the server (docs/product.md#analytics), through the real app on each
 * database: which requests count, where a visit came from, and the lead it links to.
 */

/** What a current desktop Chrome sends for a page it shows. */
export const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Real user agents of crawlers and scripts, none of which is a person. */
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Wget/1.21.4',
];

interface Visit {
  ip?: string;
  ua?: string;
  referer?: string;
  headers?: Record<string, string>;
  method?: 'get' | 'head';
  cookie?: string;
}

function open(app: TestApp, path: string, visit: Visit = {}) {
  const client = request(app.app);
  let r = client[visit.method ?? 'get'](path)
    .set('X-Forwarded-For', visit.ip ?? '203.0.113.10')
    .set('User-Agent', visit.ua ?? BROWSER)
    .set('Sec-Fetch-Dest', 'document')
    .set('Sec-Fetch-Mode', 'navigate');
  if (visit.referer) r = r.set('Referer', visit.referer);
  if (visit.cookie) r = r.set('Cookie', visit.cookie);
  for (const [name, value] of Object.entries(visit.headers ?? {})) r = r.set(name, value);
  return r;
}

async function submitQuote(app: TestApp, visit: Visit = {}): Promise<string> {
  const challenge = (await request(app.app).get('/api/captcha/challenge')).body as Challenge;
  let r = request(app.app)
    .post('/functions/submitQuote')
    .set('Origin', ORIGIN)
    .set('X-Forwarded-For', visit.ip ?? '203.0.113.10')
    .set('User-Agent', visit.ua ?? BROWSER);
  for (const [name, value] of Object.entries(visit.headers ?? {})) r = r.set(name, value);
  const res = await r.send({ data: { ...goodQuote('web-hosting'), 'g-recaptcha-response': await solveAltcha(challenge) } });
  expect(res.status).toBe(200);
  return (res.body as { result: { id: string } }).result.id;
}

async function pageViews(app: TestApp): Promise<Record<string, number>> {
  await app.visits.flush();
  const rows = await app.database.db.selectFrom('analytics_page_days').select(['path', 'views']).execute();
  return Object.fromEntries(rows.map((r) => [r.path, Number(r.views)]));
}

describe.each(configuredEngines())('visit counting on %s', (engine) => {
  const t = useTestApp(() => createTestApp({ engine, env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV }, analytics: {} }));

  it('counts a person’s page views, cache hits included, and none of bots, scripts, prefetches, HEAD, errors, staff or the admin', async () => {
    for (let i = 0; i < 3; i += 1) expect((await open(t, '/services')).status).toBe(200);
    const before = await pageViews(t);
    expect(before['/services']).toBe(3);

    for (const ua of BOTS) expect((await open(t, '/services', { ua })).status).toBe(200);
    // A script that does not say it shows a document.
    expect((await request(t.app).get('/services').set('User-Agent', BROWSER)).status).toBe(200);
    expect((await open(t, '/services', { headers: { 'Sec-Purpose': 'prefetch' } })).status).toBe(200);
    expect((await open(t, '/services', { headers: { Purpose: 'prefetch' } })).status).toBe(200);
    expect((await open(t, '/services', { headers: { 'Sec-Purpose': 'prefetch;prerender' } })).status).toBe(200);
    expect((await open(t, '/services', { method: 'head' })).status).toBe(200);
    expect((await open(t, '/no-such-page')).status).toBe(404);
    expect((await open(t, '/rss.xml')).status).toBe(200);
    expect((await open(t, '/sitemap.xml')).status).toBe(200);
    expect((await open(t, '/admin/login')).status).toBe(200);

    await createStaff(t.database.db);
    const staff = new StaffClient(t.app, '203.0.113.10');
    expect((await staff.signIn()).status).toBe(200);
    expect((await open(t, '/services', { cookie: staff.cookie! })).status).toBe(200);

    expect(await pageViews(t)).toEqual(before);
  });

  it('counts a visitor once a day per page, tells visitors apart by network and browser, and keeps where each came from', async () => {
    const db = t.database.db;
    await open(t, '/about?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring-Sale', { ip: '198.51.100.7' });
    await open(t, '/about', { ip: '198.51.100.7' });
    // Same /24 network and browser: the same visitor.
    await open(t, '/about', { ip: '198.51.100.99' });
    await open(t, '/about', { ip: '192.0.2.1', referer: 'https://www.google.com.au/search?q=secret+words' });
    await open(t, '/about', { ip: '192.0.2.1', ua: `${BROWSER} Edg/131.0.0.0`, referer: 'https://news.example.org/articles/42?ref=me' });
    await t.visits.flush();

    const page = await db.selectFrom('analytics_page_days').selectAll().where('path', '=', '/about').executeTakeFirstOrThrow();
    expect({ views: Number(page.views), visitors: Number(page.visitors), entries: Number(page.entries) }).toEqual({
      views: 5,
      visitors: 3,
      entries: 3,
    });
    // The first test's visitor came direct; these three came from somewhere.
    const sources = await db
      .selectFrom('analytics_source_days')
      .select(['channel', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'visits'])
      .where('channel', '!=', 'direct')
      .orderBy('channel')
      .execute();
    expect(sources.map((s) => ({ ...s, visits: Number(s.visits) }))).toEqual([
      { channel: 'email', referrer_host: '', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring-sale', visits: 1 },
      { channel: 'referral', referrer_host: 'news.example.org', utm_source: '', utm_medium: '', utm_campaign: '', visits: 1 },
      { channel: 'search', referrer_host: 'google.com.au', utm_source: '', utm_medium: '', utm_campaign: '', visits: 1 },
    ]);
  });

  it('answers a campaign link from the stored page and still counts it with its campaign', async () => {
    await open(t, '/contact');
    const hits = await open(t, '/contact?utm_source=linkedin&utm_campaign=launch', { ip: '100.64.7.7' });
    expect(hits.status).toBe(200);
    expect((await open(t, '/contact')).headers.etag).toBe(hits.headers.etag);
    await t.visits.flush();
    const source = await t.database.db
      .selectFrom('analytics_visits')
      .selectAll()
      .where('landing_path', '=', '/contact')
      .where('utm_campaign', '=', 'launch')
      .executeTakeFirst();
    expect(source?.channel).toBe('campaign');
  });

  it('links a quote to the visit that brought it: source, landing page, pages seen and time taken', async () => {
    const visitor = { ip: '100.64.1.1', ua: `${BROWSER} attribution` };
    await open(t, '/services?utm_source=google&utm_medium=cpc&utm_campaign=cloud-q4', { ...visitor, referer: 'https://www.google.com/' });
    await open(t, '/blog', visitor);
    await open(t, '/quote', visitor);
    const id = await submitQuote(t, visitor);
    const attribution = await t.database.db.selectFrom('lead_attributions').selectAll().where('lead_id', '=', id).executeTakeFirstOrThrow();
    expect(attribution).toMatchObject({
      lead_type: 'quote',
      channel: 'campaign',
      referrer_host: 'google.com',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'cloud-q4',
      landing_path: '/services',
    });
    expect(Number(attribution.pages_viewed)).toBe(3);
    const pages = await t.database.db
      .selectFrom('lead_attribution_pages')
      .select('path')
      .where('lead_id', '=', id)
      .orderBy('position')
      .execute();
    expect(pages.map((p) => p.path)).toEqual(['/services', '/blog', '/quote']);
    const events = await t.database.db.selectFrom('analytics_event_days').selectAll().where('event', '=', 'quote-submitted').execute();
    expect(events.reduce((n, e) => n + Number(e.count), 0)).toBeGreaterThan(0);
  });

  it('never links a visitor who sends Global Privacy Control, on a page or with the lead, yet counts their views', async () => {
    const onPage = { ip: '100.64.2.1', ua: `${BROWSER} gpc-page` };
    await open(t, '/services', { ...onPage, headers: { 'Sec-GPC': '1' } });
    await open(t, '/quote', onPage);
    const first = await submitQuote(t, onPage);
    const withLead = { ip: '100.64.3.1', ua: `${BROWSER} gpc-lead` };
    await open(t, '/quote', withLead);
    const second = await submitQuote(t, { ...withLead, headers: { 'Sec-GPC': '1' } });
    const linked = await t.database.db.selectFrom('lead_attributions').select('lead_id').where('lead_id', 'in', [first, second]).execute();
    expect(linked).toEqual([]);
    const visits = await t.database.db
      .selectFrom('analytics_visits')
      .select('linkable')
      .where('landing_path', '=', '/services')
      .where('linkable', '=', 0)
      .execute();
    expect(visits.length).toBe(1);
  });

  it('does nothing with ANALYTICS off: no rows, and the beacon still answers 204', async () => {
    const off = await createTestApp({ engine, env: { ...ADMIN_TEST_ENV, ANALYTICS: 'false' } });
    try {
      await open(off, '/services');
      expect(off.visits.enabled).toBe(false);
      const beacon = await request(off.app)
        .post('/api/analytics/event')
        .set('Origin', ORIGIN)
        .set('User-Agent', BROWSER)
        .send({ event: 'quote-step-2' });
      expect(beacon.status).toBe(204);
      expect(await off.database.db.selectFrom('analytics_page_days').selectAll().execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('counts the quote wizard’s steps from its beacon once per visitor who viewed the quote page; refuses unknown events, ignores bots', async () => {
    const send = (event: unknown, ua = BROWSER, ip = '100.64.9.9') =>
      request(t.app).post('/api/analytics/event').set('Origin', ORIGIN).set('User-Agent', ua).set('X-Forwarded-For', ip).send({ event });
    await open(t, '/quote', { ip: '100.64.9.9' });
    expect((await send('quote-step-2')).status).toBe(204);
    expect((await send('quote-step-3')).status).toBe(204);
    // The page loaded again and the steps reached again, in this flush and the next: still one visitor each.
    expect((await send('quote-step-2')).status).toBe(204);
    await t.visits.flush();
    expect((await send('quote-step-2')).status).toBe(204);
    expect((await send('quote-step-3', BOTS[0])).status).toBe(204);
    // A beacon from someone whose view of the quote page was never counted (a script): nothing.
    expect((await send('quote-step-2', BROWSER, '100.64.10.10')).status).toBe(204);
    expect((await send('anything')).status).toBe(400);
    const crossSite = await request(t.app)
      .post('/api/analytics/event')
      .set('Origin', 'https://evil.example')
      .send({ event: 'quote-step-2' });
    expect(crossSite.status).toBe(403);
    await t.visits.flush();
    const rows = await t.database.db
      .selectFrom('analytics_event_days')
      .select(['event', 'count'])
      .where('event', 'like', 'quote-step-%')
      .orderBy('event')
      .execute();
    expect(rows.map((r) => [r.event, Number(r.count)])).toEqual([
      ['quote-step-2', 1],
      ['quote-step-3', 1],
    ]);
  });
});

describe.each(configuredEngines())('what a day of counting may store, on %s', (engine) => {
  const t = useTestApp(() =>
    createTestApp({
      engine,
      env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV, ANALYTICS_SOURCES_PER_DAY: '5', ANALYTICS_VISITORS_PER_DAY: '300' },
      analytics: {},
    }),
  );
  const db = () => t.database.db;
  const made = (i: number) => `${BROWSER} Made-up/${i}`;

  it('keeps a day’s first distinct sources and counts the rest under Other, per channel; reports cut them in SQL', async () => {
    // Values that are not hosts or tags are not kept as they came.
    await open(t, '/about?utm_source=%3Cscript%3E', { ip: '100.70.1.1', ua: made(1000), referer: 'https://bad_host/' });
    await t.visits.flush();
    for (let i = 0; i < 40; i += 1) {
      const tags = `utm_source=src-${i}&utm_medium=cpc&utm_campaign=flood-${i}`;
      expect((await open(t, `/about?${tags}`, { ip: '100.70.1.1', ua: made(i), referer: `https://site-${i}.example.org/p` })).status).toBe(
        200,
      );
    }
    await t.visits.flush();

    const rows = await db().selectFrom('analytics_source_days').selectAll().execute();
    const kept = rows.filter((r) => r.referrer_host !== '*' && r.utm_source !== '*');
    expect(kept).toHaveLength(5);
    expect(kept).toContainEqual(expect.objectContaining({ referrer_host: '', utm_source: 'script', utm_medium: '' }));
    const other = rows.filter((r) => r.referrer_host === '*' || r.utm_source === '*');
    expect(other.map((r) => ({ ...r, visits: Number(r.visits) }))).toEqual([
      { day: expect.any(String), channel: 'campaign', referrer_host: '*', utm_source: '*', utm_medium: '*', utm_campaign: '*', visits: 36 },
    ]);

    const reader = createAnalyticsReader(db(), t.config.TIME_ZONE, true);
    const day = reader.today();
    const report = await reader.report({ from: day, to: day }, true);
    expect(report.referrers.find((r) => r.host === 'Other')?.visits).toBe(36);
    expect(report.campaigns.find((c) => c.campaign === 'Other')).toMatchObject({ source: 'Other', medium: 'Other', visits: 36 });
    expect(report.channels).toEqual([expect.objectContaining({ channel: 'campaign', visits: 41 })]);
  });

  it('records a day’s first visitors and counts the later ones’ views without a visitor, in batches that add up', async () => {
    const before = await db()
      .selectFrom('analytics_visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const room = 300 - Number(before.n);
    for (let i = 0; i < room + 20; i += 1) expect((await open(t, '/services', { ip: '100.70.2.1', ua: made(2000 + i) })).status).toBe(200);
    await t.visits.flush();

    const visits = await db()
      .selectFrom('analytics_visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(visits.n)).toBe(300);
    const page = await db().selectFrom('analytics_page_days').selectAll().where('path', '=', '/services').executeTakeFirstOrThrow();
    expect({ views: Number(page.views), visitors: Number(page.visitors) }).toEqual({ views: room + 20, visitors: room });
  });
});

describe.each(configuredEngines())('one visitor’s pages, on %s', (engine) => {
  const t = useTestApp(() => createTestApp({ engine, env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV }, analytics: {} }));

  it('records at most 30 page entries a visitor a day; further views count as views only', async () => {
    const visitor = { ip: '100.71.1.1', ua: `${BROWSER} Reader/1` };
    for (let i = 0; i < 30; i += 1) {
      await open(t, '/', visitor);
      await t.visits.flush();
    }
    await open(t, '/', visitor);
    await open(t, '/privacy', visitor);
    await t.visits.flush();
    const rows = await t.database.db.selectFrom('analytics_visit_pages').select(['path', 'views']).execute();
    expect(rows.map((r) => [r.path, Number(r.views)])).toEqual([['/', 30]]);
    const pages = await t.database.db.selectFrom('analytics_page_days').select(['path', 'views', 'visitors']).orderBy('path').execute();
    expect(pages.map((r) => [r.path, Number(r.views), Number(r.visitors)])).toEqual([
      ['/', 31, 1],
      ['/privacy', 1, 0],
    ]);
  });
});

describe('a flush that fails part-way', () => {
  const t = useTestApp(() => createTestApp({ engine: 'sqlite', env: { ...ADMIN_TEST_ENV, ...LEAD_TEST_ENV }, analytics: {} }));

  it('keeps the batches it could not write for the next flush, and never writes one twice', async () => {
    const db = t.database.db;
    // The second batch of this flush (a day total past 250 views) is refused, as a full disk would refuse it.
    await sql`create trigger refuse_second_batch before update on analytics_days when new.views > 250 begin select raise(abort, 'disk full'); end`.execute(
      db,
    );
    for (let i = 0; i < 450; i += 1) await open(t, '/about', { ip: '100.72.1.1', ua: `${BROWSER} Batch/${i}` });
    await t.visits.flush();
    const half = await db.selectFrom('analytics_days').select(['visitors', 'views']).executeTakeFirstOrThrow();
    expect([Number(half.visitors), Number(half.views)]).toEqual([200, 200]);

    await sql`drop trigger refuse_second_batch`.execute(db);
    await t.visits.flush();
    const whole = await db.selectFrom('analytics_days').select(['visitors', 'views']).executeTakeFirstOrThrow();
    expect([Number(whole.visitors), Number(whole.views)]).toEqual([450, 450]);
    const page = await db.selectFrom('analytics_page_days').selectAll().where('path', '=', '/about').executeTakeFirstOrThrow();
    expect([Number(page.visitors), Number(page.views)]).toEqual([450, 450]);
  });
});
