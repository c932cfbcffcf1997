import { type ChildProcess, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { setWeeklySummary } from '../../db/queries/analytics-summaries.ts';
import { createAnalyticsReader } from '../../server/analytics/analytics-report.ts';
import { queueWeeklySummaries } from '../../server/analytics/weekly-summary.ts';
import { createLogger } from '../../server/core/logger.ts';
import { loadConfig } from '../../server/core/config.ts';
import { ANALYTICS_TABLES } from '../../shared/analytics.ts';
import { addDays, mondayOf, startOfDay } from '../../shared/zoned-time.ts';
import { flood } from '../bench/analytics-flood.ts';
import { MEMORY_BUDGET } from '../bench/memory-budget.ts';
import { ORIGIN, StaffClient, createStaff } from '../helpers/admin-client.ts';
import { eventually } from '../helpers/eventually.ts';
import { peakRssDuring, rssMb } from '../helpers/process-rss.ts';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES_PER_DAY = 50;
const TIME_ZONE = 'Australia/Sydney';

/*
 * A flood of made-up browsers, campaign tags and referrers from one address (issue #35, docs/product.md#analytics),
 * against the production server as `npm run serve` starts it: the day's sources stop at their limit (the rest
 * counted under Other), memory stays within the budget, and the Analytics page, its CSVs and the weekly summary
 * still answer over what the flood left.
 */
describe('analytics under a flood of made-up sources', () => {
  let child: ChildProcess | undefined;
  let database: TestDatabase | undefined;
  afterAll(async () => {
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await database?.drop();
  });

  it(`keeps ${SOURCES_PER_DAY} sources a day and Other, answers the Analytics page and the weekly summary, RSS ≤ ${MEMORY_BUDGET.peakMb} MB`, async () => {
    execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
    database = await createTestDatabase('sqlite');
    const db = database.db;
    const owner = await createStaff(db);
    await setWeeklySummary(db, owner.id, true);
    const { env, args } = serveCommand();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startServerProcess(
      port,
      {
        ...env,
        DATABASE_URL: database.url,
        SESSION_SECRET: 'f'.repeat(64),
        SITE_URL: ORIGIN,
        TRUST_PROXY: 'true',
        TIME_ZONE,
        ANALYTICS_SOURCES_PER_DAY: String(SOURCES_PER_DAY),
      },
      { args },
    );

    const { result, peakMb } = await peakRssDuring(child.pid!, () => flood(base, { requests: 20_000, connections: 50 }));
    console.log(
      `analytics flood: ${result.sent} pages at ${result.perSecond.toFixed(0)}/s, ${result.errors} errors, peak RSS ${peakMb.toFixed(0)} MB`,
    );
    expect(result.errors).toBe(0);
    expect(peakMb).toBeLessThanOrEqual(MEMORY_BUDGET.peakMb);

    // Every view reaches the day's totals within a flush or two, counted as visitors up to the limits.
    await eventually(
      async () => {
        const days = await db.selectFrom('analytics_days').select('views').execute();
        return days.reduce((n, d) => n + Number(d.views), 0) === result.sent || undefined;
      },
      'every view of the flood in the day’s totals',
      20_000,
    );
    const sources = await db.selectFrom('analytics_source_days').selectAll().execute();
    const other = sources.filter((s) => s.referrer_host === '*');
    expect(sources.length - other.length).toBe(SOURCES_PER_DAY);
    expect(other.length).toBeGreaterThanOrEqual(1);
    expect(other.length).toBeLessThanOrEqual(24);
    const visitors = await db.selectFrom('analytics_days').select('visitors').execute();
    expect(sources.reduce((n, s) => n + Number(s.visits), 0)).toBe(visitors.reduce((n, d) => n + Number(d.visitors), 0));

    const staff = new StaffClient(base);
    expect((await staff.signIn()).status).toBe(200);
    const page = await staff.req('get', '/admin/analytics');
    expect(page.status).toBe(200);
    const report = await staff.req('get', '/api/admin/analytics');
    expect(report.status).toBe(200);
    expect(report.body.referrers).toContainEqual(expect.objectContaining({ host: 'Other' }));
    for (const table of ANALYTICS_TABLES) expect((await staff.req('get', `/api/admin/analytics/export/${table}`)).status).toBe(200);
    expect(rssMb(child.pid!)).toBeLessThanOrEqual(MEMORY_BUDGET.peakMb);

    // Next Monday's summary covers this week, flood and all.
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'f'.repeat(64),
      LOG_LEVEL: 'silent',
      TIME_ZONE,
    });
    const nextMonday = addDays(mondayOf(new Date(), TIME_ZONE), 7);
    const now = new Date(startOfDay(nextMonday, TIME_ZONE).getTime() + 9 * 3_600_000);
    const reader = createAnalyticsReader(db, TIME_ZONE, true);
    const queued = await queueWeeklySummaries(
      { db, logger: createLogger(config), reader, timeZone: TIME_ZONE, siteUrl: ORIGIN, companyName: async () => 'Northbridge IT' },
      now,
    );
    expect(queued).toBe(1);
    expect(child.exitCode).toBeNull();
  }, 240_000);
});
