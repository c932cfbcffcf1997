import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { createImageService } from '../../server/media/image-service.ts';
import { loadConfig } from '../../server/core/config.ts';
import { createObjectStore } from '../../server/backup/object-store.ts';
import { createOffsiteBackup } from '../../server/backup/offsite-backup.ts';
import { snapshotsToPrune } from '../../server/backup/retention.ts';
import { FIRST_LEAD_UPLOAD_MS, startBackupSchedule } from '../../server/backup/backup-schedule.ts';
import { readOffsiteBackupStatus } from '../../server/backup/backup-status.ts';
import { createLogger } from '../../server/core/logger.ts';
import { readBackupJobs, recordBackupOutcome } from '../../db/queries/backup-jobs.ts';
import { eventually } from '../helpers/eventually.ts';
import { STAFF, StaffClient, createStaff, staffApp } from '../helpers/admin-client.ts';
import { DASHBOARD_TEXT } from '../../shared/admin-texts.ts';
import { LEAD_TEST_ENV, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { makeImage } from '../helpers/images.ts';
import { type StandInStore, startS3StandIn } from '../helpers/s3-server.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let s3: StandInStore;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  s3 = await startS3StandIn();
  // The SDK reads its credentials from the environment, as on a server; this file's worker is the "server".
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) process.env[name] = s3.env[name];
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3.close();
});

/** A folder of its own for a database file, removed after the file's tests. */
function scratchDatabase(): { dir: string; url: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'offsite-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, url: `file:${join(dir, 'site.db')}`, file: join(dir, 'site.db') };
}

/** `npm run backup:*` as an operator runs it: a process of its own, configured by the environment. */
function cli(args: string[], env: Record<string, string>) {
  const environment = { PATH: process.env.PATH, NODE_ENV: 'test', ...s3.env, ...env };
  return run(process.execPath, ['scripts/offsite-backup.ts', ...args], { cwd: root, env: environment });
}

async function submitQuote(t: TestApp, name: string): Promise<void> {
  const challenge = await request(t.app).get('/api/captcha/challenge');
  const token = await solveAltcha(challenge.body as Challenge);
  const data = { ...goodQuote('datacenter', { name }), 'g-recaptcha-response': token };
  const res = await request(t.app).post('/functions/submitQuote').send({ data });
  expect(res.status).toBe(200);
}

/** The off-site backup on a moved clock, as the server builds it. */
function backupAt(file: string, clock: { now: number }, env: Record<string, string> = {}) {
  const config = loadConfig({ ...s3.env, ...env });
  const store = createObjectStore(config);
  return createOffsiteBackup({ store, key: config.BACKUP_KEY!, databaseFile: file, keep: config.BACKUP_KEEP, now: () => clock.now });
}

describe('off-site backup of the SQLite database', () => {
  it('a server lost with its disk comes back from the bucket: the same pages, leads and images', async () => {
    const db = scratchDatabase();
    const prefix = { BACKUP_URL: 's3://site-backups/lost-server' };
    const t = await createTestApp({ env: LEAD_TEST_ENV, databaseUrl: db.url });
    const post = await createBlogService({ db: t.database.db }).createPost({
      title: 'Racks that survive the move',
      excerpt: 'Short',
      author: 'Priya',
      content: '<p>Cable the rack before it ships.</p>',
      featuredImage: '',
      tags: '',
      published: true,
    });
    const uploader = { userId: null, email: 'priya@northbridge-it.com.au', ip: null };
    const claim = { fileName: 'rack.png', contentType: 'image/png' };
    const image = await createImageService({ db: t.database.db }).upload(await makeImage(64, 48), claim, uploader);
    await submitQuote(t, 'Ada Lovelace');
    await submitQuote(t, 'Grace Hopper');
    const before = {
      page: (await request(t.app).get(`/blog/${post.slug}`)).text,
      image: (await request(t.app).get(image.src).buffer(true)).body as Buffer,
      leads: await t.database.db.selectFrom('quotes').select(['name', 'email']).orderBy('name').execute(),
    };

    const uploaded = await cli(['now'], { DATABASE_URL: db.url, ...prefix });
    expect(uploaded.stdout).toMatch(/^Uploaded snapshot \S+: \d+ bytes, \d+ posts, 2 leads\.$/m);
    await t.database.db.destroy();
    rmSync(db.dir, { recursive: true, force: true });

    // A new server: an empty folder, the same .env.
    const listed = await cli(['list'], { DATABASE_URL: db.url, ...prefix });
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
    const restored = await cli(['restore', '--latest'], { DATABASE_URL: db.url, ...prefix });
    expect(restored.stdout).toMatch(/^Restored snapshot .* to .*site\.db:$/m);
    expect(restored.stdout).toMatch(/, 2 quotes, 0 contacts, 1 images\.$/m);

    const after = await createTestApp({ env: LEAD_TEST_ENV, databaseUrl: db.url });
    cleanups.push(() => after.database.db.destroy());
    expect((await request(after.app).get(`/blog/${post.slug}`)).text).toBe(before.page);
    const imageAfter = await request(after.app).get(image.src).buffer(true);
    expect(imageAfter.status).toBe(200);
    expect(Buffer.compare(imageAfter.body as Buffer, before.image)).toBe(0);
    expect(await after.database.db.selectFrom('quotes').select(['name', 'email']).orderBy('name').execute()).toEqual(before.leads);
    expect((await request(after.app).get('/')).status).toBe(200);
  });

  it('restores the snapshot of a chosen moment: the newest taken at or before --at, in the site’s time zone or UTC', async () => {
    const db = scratchDatabase();
    const prefix = { BACKUP_URL: 's3://site-backups/point-in-time' };
    const t = await createTestApp({ env: LEAD_TEST_ENV, databaseUrl: db.url });
    cleanups.push(() => t.database.db.destroy());
    const clock = { now: Date.parse('2026-11-27T09:00:00Z') };
    const backup = backupAt(db.file, clock, prefix);
    await submitQuote(t, 'Before nine');
    await backup.upload();
    clock.now = Date.parse('2026-11-27T10:30:00Z');
    await submitQuote(t, 'Before half past ten');
    await backup.upload();

    const quotesIn = async (at: string) => {
      const target = join(db.dir, `restored-${at.replace(/\W/g, '')}.db`);
      const out = await cli(['restore', '--at', at, '--to', target], { DATABASE_URL: db.url, ...prefix });
      return /, (\d+) quotes,/.exec(out.stdout)![1];
    };
    expect(await quotesIn('2026-11-27 10:00Z')).toBe('1');
    // 21:00 in Sydney (daylight time, +11) is 10:00 UTC.
    expect(await quotesIn('2026-11-27 21:00')).toBe('1');
    expect(await quotesIn('2026-11-27T10:30:00Z')).toBe('2');
    await expect(cli(['restore', '--at', '2026-11-26 10:00Z'], { DATABASE_URL: db.url, ...prefix })).rejects.toMatchObject({
      stderr: expect.stringMatching(/^Refused: No snapshot was taken at or before 2026-11-26 10:00Z\./),
    });
    // The live database is never overwritten while the site has it open.
    await expect(cli(['restore', '--latest'], { DATABASE_URL: db.url, ...prefix })).rejects.toMatchObject({
      stderr: expect.stringMatching(/is in use: stop the site first, then restore\./),
    });
    // Five restores, each a Node process of its own that loads the AWS SDK: 12 s on a quiet machine, past the
    // default 30 s beside two CPU-bound processes. The limit is a net for a hang.
  }, 120_000);

  it('keeps every snapshot of the last day, then one a day, a week and a month, over a simulated month and a half', async () => {
    const db = scratchDatabase();
    const prefix = { BACKUP_URL: 's3://site-backups/retention' };
    const t = await createTestApp({ databaseUrl: db.url });
    cleanups.push(() => t.database.db.destroy());
    const start = Date.parse('2026-10-01T00:30:00Z');
    const clock = { now: start };
    const backup = backupAt(db.file, clock, prefix);
    const taken: string[] = [];
    // Once a day for 45 days, then hourly for the last day.
    while (clock.now < start + 45 * DAY) {
      taken.push((await backup.upload()).takenAt);
      await backup.prune();
      clock.now += clock.now < start + 44 * DAY ? DAY : HOUR;
    }
    const kept = (await backup.list()).map((m) => m.takenAt);
    const now = clock.now - HOUR;
    const keep = { hours: 24, days: 7, weeks: 4, months: 6 };
    // What the rule keeps, applied once to everything taken, is what repeated pruning left.
    const expected = taken.filter(
      (at) =>
        !snapshotsToPrune(
          taken.map((a) => ({ id: a, takenAt: a })),
          now,
          keep,
        ).includes(at),
    );
    expect([...kept].sort()).toEqual(expected.sort());
    expect(kept[0]).toBe(taken.at(-1));
    expect(kept.filter((at) => now - Date.parse(at) < DAY)).toHaveLength(taken.filter((at) => now - Date.parse(at) < DAY).length);
    const days = new Set(kept.filter((at) => now - Date.parse(at) < 7 * DAY).map((at) => at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(7);
    expect(kept.length).toBeLessThan(24 + 7 + 4 + 6);
    // The oldest kept is the newest of the week four weeks back (weeks run Monday to Sunday).
    expect(kept.at(-1)).toBe('2026-10-18T00:30:00.000Z');
  }, 120_000);
});

describe('a store that refuses', () => {
  it('says so in words: an unknown access key, a bucket that does not exist', async () => {
    const db = scratchDatabase();
    const t = await createTestApp({ databaseUrl: db.url });
    cleanups.push(() => t.database.db.destroy());
    const env = { DATABASE_URL: db.url, BACKUP_URL: 's3://site-backups/refused' };
    await expect(cli(['now'], { ...env, AWS_ACCESS_KEY_ID: 'NOT-OUR-KEY' })).rejects.toMatchObject({
      stderr: expect.stringMatching(/^Refused: the store refused \(InvalidAccessKeyId, HTTP 403\)/),
    });
    await expect(cli(['now'], { ...env, BACKUP_URL: 's3://no-such-bucket/site' })).rejects.toMatchObject({
      stderr: expect.stringMatching(/^Refused: the store refused \(NoSuchBucket, HTTP 404\)/),
    });
  });
});

describe('when the schedule uploads', () => {
  it('the first lead after a quiet interval is off-site within minutes; the next lead of the spell changes nothing', async () => {
    const db = scratchDatabase();
    const env = { ...LEAD_TEST_ENV, ...s3.env, BACKUP_URL: 's3://site-backups/quiet-day', BACKUP_EVERY: '1h' };
    const clock = { offset: 0 };
    const now = () => Date.now() + clock.offset;
    const config = loadConfig(env);
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    // The app tells the schedule of each lead, as the server wires them (server/index.ts); leads come after it starts.
    const t = await createTestApp({ env, databaseUrl: db.url, backups: { leadStored: (at) => schedule.leadStored(at) } });
    cleanups.push(() => t.database.db.destroy());
    const store = createObjectStore(config);
    const backup = createOffsiteBackup({ store, key: config.BACKUP_KEY!, databaseFile: db.file, keep: config.BACKUP_KEEP, now });
    const schedule = startBackupSchedule({ db: t.database.db, backup, logger, everyMs: HOUR, verifyEveryMs: 7 * DAY, now });
    cleanups.push(() => schedule.stop());
    const upload = async () => (await readBackupJobs(t.database.db)).find((j) => j.job === 'upload')!;

    // Turned on: the first snapshot at once, and it is checked; the next is an interval later.
    const first = await eventually(async () => (await upload()).lastSnapshot ?? undefined, 'the first snapshot');
    expect(Date.parse((await upload()).dueAt) - now()).toBeGreaterThan(HOUR - 60_000);
    const checked = async () => (await readBackupJobs(t.database.db)).find((j) => j.job === 'verify')!.lastSnapshot;
    await eventually(async () => ((await checked()) === first ? true : undefined), 'the check');

    // Half an hour later the day's first lead arrives: the upload is due within FIRST_LEAD_UPLOAD_MS.
    clock.offset += HOUR / 2;
    await submitQuote(t, 'First of the day');
    const due = Date.parse((await upload()).dueAt) - now();
    expect(due).toBeLessThanOrEqual(FIRST_LEAD_UPLOAD_MS);
    expect(due).toBeGreaterThan(FIRST_LEAD_UPLOAD_MS - 60_000);
    clock.offset += FIRST_LEAD_UPLOAD_MS;
    const newer = async () => {
      const latest = (await upload()).lastSnapshot;
      return latest && latest !== first ? latest : undefined;
    };
    const second = await eventually(newer, 'the upload after the lead', 20_000);
    // (The schedule looks every 15 s at most, so the upload follows within FIRST_LEAD_UPLOAD_MS and 15 s.)
    const manifest = (await backup.list()).find((m) => m.id === second)!;
    expect(manifest.counts.quotes).toBe(1);

    // A second lead two minutes on is part of a busy spell: the next upload stays an interval after the last.
    clock.offset += FIRST_LEAD_UPLOAD_MS;
    await submitQuote(t, 'Second of the day');
    expect(Date.parse((await upload()).dueAt) - now()).toBeGreaterThan(HOUR - 5 * 60_000);
  });
});

describe('what the Owner and the scraper are told', () => {
  it('the dashboard shows the Owner the off-site backup, and no one else', async () => {
    const db = scratchDatabase();
    const t = await staffApp({ env: { ...s3.env, BACKUP_URL: 's3://site-backups/dashboard' }, databaseUrl: db.url });
    cleanups.push(() => t.database.db.destroy());
    await createStaff(t.database.db, { email: 'admin@northbridge-it.com.au', name: 'Alex Admin' });
    const at = new Date(Date.now() - 14 * 60_000).toISOString();
    await recordBackupOutcome(t.database.db, 'upload', { ok: true, at, snapshot: 'x', nextDueAt: at });
    const pageFor = async (email: string) => {
      const browser = new StaffClient(t.app);
      expect((await browser.signIn(email)).status).toBe(200);
      return (await browser.req('get', '/admin/dashboard')).text;
    };
    const owner = await pageFor(STAFF.email);
    expect(owner).toContain('Last off-site backup: 14 minutes ago.');
    expect(owner).not.toContain('role="alert"');
    expect(await pageFor('admin@northbridge-it.com.au')).not.toContain(DASHBOARD_TEXT.backup.heading);
  });

  it('/metrics reports the last upload and check and the failures; on PostgreSQL the site says backups are the database’s', async () => {
    const db = scratchDatabase();
    const env = { BACKUP_URL: 's3://site-backups/metrics', BACKUP_KEY: s3.env.BACKUP_KEY!, METRICS_TOKEN: 'a-token-for-metrics-tests' };
    const t = await createTestApp({ env, databaseUrl: db.url });
    cleanups.push(() => t.database.db.destroy());
    const at = '2026-11-27T10:00:00.000Z';
    await recordBackupOutcome(t.database.db, 'upload', { ok: true, at, snapshot: 'x', nextDueAt: at });
    await recordBackupOutcome(t.database.db, 'verify', { ok: false, at, error: 'checksum', nextDueAt: at });
    const text = (await request(t.app).get('/metrics').set('Authorization', `Bearer ${env.METRICS_TOKEN}`)).text;
    expect(text).toContain(`site_backup_last_success_timestamp_seconds{job="upload"} ${Date.parse(at) / 1000}`);
    expect(text).not.toContain('site_backup_last_success_timestamp_seconds{job="verify"}');
    expect(text).toContain('site_backup_failures{job="verify"} 1');

    const status = await readOffsiteBackupStatus(t.database.db, 'sqlite', t.config, Date.parse(at) + 2 * HOUR + 1);
    expect(status).toMatchObject({ state: 'on', lastUploadAt: at, overdue: true, verifyFailed: true, lastError: 'checksum' });
    const onPostgres = await readOffsiteBackupStatus(t.database.db, 'postgres', t.config);
    expect(onPostgres).toMatchObject({ state: 'database', lastUploadAt: null, overdue: false });
  });
});
