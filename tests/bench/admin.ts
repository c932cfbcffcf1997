/**
 * Admin benchmark (prints numbers, asserts nothing). Run after a build:
 *   npm run build && npm run bench:admin
 * Fills a fresh SQLite file and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, a fresh PostgreSQL schema
 * with BENCH_QUOTES (default 1,000,000) quotes spread over two years, a tenth as many contact messages and
 * BENCH_POSTS (default 100,000) posts, then prints the server time (p50/p99) of:
 * - the dashboard service (every COUNT(*), the recent and waiting lists, the 12-week chart) and the whole
 *   /admin/dashboard page through the app;
 * - the leads inbox's first page and its 100th page (by keyset cursor), as the service and as the whole page.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/core/config.ts';
import { createLogger } from '../../server/core/logger.ts';
import { createInboxService } from '../../server/inbox/inbox-service.ts';
import { deliverySettings } from '../../server/inbox/dashboard.ts';
import { createSettingsService } from '../../server/settings/settings-service.ts';
import type { DbEngine } from '../../db/database.ts';
import { type TestDatabase, createTestDatabase, productionRenderer } from '../helpers/test-app.ts';
import { ADMIN_TEST_ENV, StaffClient, createStaff } from '../helpers/admin-client.ts';
import { measureLatency, reportLatency } from './report.ts';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 1_000_000);
const CONTACTS = Math.round(QUOTES / 10);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const TIME_ZONE = 'Australia/Sydney';
/** Two years of leads, newest first from now. */
const SPAN_SECONDS = 2 * 365 * 24 * 3600;

const SERVICES = `'network-security','datacenter','network-support','rollouts-migrations','it-imacd','hardware-break-fix','global-ict-support','web-design','domain-management','web-hosting'`;

/** Engine-specific SQL pieces for the generators (the schema is the same). */
function dialect(engine: DbEngine) {
  return engine === 'sqlite'
    ? {
        series: (n: number) => sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${n}) select n from s`,
        id: sql`lower(hex(randomblob(16)))`,
        ago: (seconds: ReturnType<typeof sql>) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${seconds}) || ' seconds')`,
        pick: sql`(json_array(${sql.raw(SERVICES)}) ->> (n % 10))`,
        yearAhead: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 year')`,
      }
    : {
        series: (n: number) => sql`select n from generate_series(1, ${n}) as n`,
        id: sql`md5(random()::text || n::text)`,
        ago: (seconds: ReturnType<typeof sql>) =>
          sql`to_char((now() - ((${seconds}) * interval '1 second')) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        pick: sql`((array[${sql.raw(SERVICES)}])[n % 10 + 1])`,
        yearAhead: sql`to_char((now() + interval '1 year') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      };
}

async function fill(database: TestDatabase): Promise<void> {
  const d = dialect(database.engine);
  const db = database.db;
  const spread = (count: number) => sql`(n * ${Math.floor(SPAN_SECONDS / count)})`;
  await sql`
    insert into quotes (id, service, name, email, company, phone, company_size, budget, timeline, start_date,
      completion_date, description, details, status, spam_reason, client_ip, created_at, submitted_at)
    select ${d.id}, ${d.pick}, 'Bench Lead ' || n, 'lead' || n || '@bench.example', 'Company ' || (n % 5000),
      '02 8005 0142', '11-50', '$5,000-$15,000', null, '2027-01-01', '2027-03-01', 'Generated quote request ' || n, '{}',
      case when n % 50 = 0 then 'new' when n % 7 = 0 then 'won' else 'contacted' end, null, null,
      ${d.ago(spread(QUOTES))}, null
    from (${d.series(QUOTES)}) as g`.execute(db);
  await sql`
    insert into contacts (id, name, email, company, service, message, status, spam_reason, client_ip, created_at, submitted_at)
    select ${d.id}, 'Bench Contact ' || n, 'contact' || n || '@bench.example', null, null, 'Generated message ' || n,
      case when n % 40 = 0 then 'new' else 'contacted' end, null, null, ${d.ago(spread(CONTACTS))}, null
    from (${d.series(CONTACTS)}) as g`.execute(db);
  // Every 20th post a draft, every 100th scheduled a year ahead.
  await sql`
    insert into blogs (id, slug, title, excerpt, content, author, tags, featured_image, published, published_at,
      created_at, updated_at, read_time, search_text)
    select ${d.id}, 'bench-post-' || n, 'Bench post ' || n, 'Excerpt ' || n, '<p>Generated post ' || n || '.</p>',
      'Bench', '[]', null, case when n % 20 = 0 then 0 else 1 end,
      case when n % 100 = 0 then ${d.yearAhead} else ${d.ago(spread(POSTS))} end,
      ${d.ago(spread(POSTS))}, ${d.ago(spread(POSTS))}, 1, 'bench post ' || n
    from (${d.series(POSTS)}) as g`.execute(db);
  // PostgreSQL counts with index-only scans once the visibility map is set (autovacuum does this in production).
  await sql.raw(database.engine === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
}

async function bench(engine: DbEngine): Promise<void> {
  const database = await createTestDatabase(engine);
  try {
    const started = performance.now();
    await fill(database);
    console.log(
      `\n${engine}: ${QUOTES.toLocaleString('en-AU')} quotes, ${CONTACTS.toLocaleString('en-AU')} contacts, ${POSTS.toLocaleString('en-AU')} posts (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'b'.repeat(64),
      LOG_LEVEL: 'silent',
      SITE_URL: 'https://www.example.com.au',
      ...ADMIN_TEST_ENV,
    });
    const app = createApp({ config, database, logger: createLogger(config), renderer: await productionRenderer() }).listener;
    const db = database.db;
    const settings = createSettingsService({ db, logger: createLogger(config), contentArea: 'blog' });
    const inbox = createInboxService({
      db,
      timeZone: TIME_ZONE,
      delivery: deliverySettings(config),
      settings,
      repliesPerHour: config.REPLIES_PER_HOUR,
    });

    // Baseline: the cheapest round trip to the same database, measured the same way in the same run.
    const floor = await measureLatency(() => sql`select 1`.execute(db), SAMPLES);
    const measure = async (label: string, run: () => Promise<unknown>) =>
      reportLatency('admin', engine, label, await measureLatency(run, SAMPLES), 'select 1', floor);

    let cursor: string | undefined;
    for (let page = 1; page < 100; page += 1) cursor = (await inbox.list({}, cursor)).nextCursor ?? undefined;

    await measure('dashboard (service)', () => inbox.dashboard(randomUUID()));
    await measure('inbox page 1 (service)', () => inbox.list({}));
    await measure('inbox page 100 (service)', () => inbox.list({}, cursor));
    await measure('inbox, one service, new (service)', () => inbox.list({ service: 'network-security', status: 'new' }));

    await createStaff(db);
    const staff = new StaffClient(app);
    await staff.signIn();
    const page = async (path: string) => {
      const res = await staff.req('get', path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    };
    // Whole pages are compared with the cheapest request through the same app and client: /healthz.
    const healthz = await measureLatency(() => staff.req('get', '/healthz'), SAMPLES);
    const measurePage = async (label: string, path: string) =>
      reportLatency('admin', engine, label, await measureLatency(() => page(path), SAMPLES), 'GET /healthz', healthz);
    await measurePage('GET /admin/dashboard', '/admin/dashboard');
    await measurePage('GET /admin/leads', '/admin/leads');
    await measurePage('GET /admin/leads (100th page)', `/admin/leads?cursor=${cursor}`);
  } finally {
    await database.drop();
  }
}

await bench('sqlite');
if (PG_URL) {
  process.env.TEST_DATABASE_URL = PG_URL;
  await bench('postgres');
} else {
  console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
process.exit(0);
