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
  return run(process.execPath, ['scripts/offsite-backup.ts', ...args], { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...s3.env, ...env } });
}

async function submitQuote(t: TestApp, name: string): Promise<void> {
  const challenge = await request(t.app).get('/api/captcha/challenge');
  const token = await solveAltcha(challenge.body as Challenge);
  const res = await request(t.app).post('/functions/submitQuote').send({ data: { ...goodQuote('datacenter', { name }), 'g-recaptcha-response': token } });
  expect(res.status).toBe(200);
}

/** The off-site backup on a moved clock, as the server builds it. */
function backupAt(file: string, clock: { now: number }, env: Record<string, string> = {}) {
  const config = loadConfig({ ...s3.env, ...env });
  return createOffsiteBackup({ store: createObjectStore(config), key: config.BACKUP_KEY!, databaseFile: file, keep: config.BACKUP_KEEP, now: () => clock.now });
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
    const image = await createImageService({ db: t.database.db }).upload(await makeImage(64, 48), { fileName: 'rack.png', contentType: 'image/png' }, {
      userId: null,
      email: 'priya@northbridge-it.com.au',
      ip: null,
    });
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
  });

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
      clock.now += clock.now < start + 44 * DAY ? DAY : HOUR;
    }
    const kept = (await backup.list()).map((m) => m.takenAt);
    const now = clock.now - HOUR;
    const keep = { hours: 24, days: 7, weeks: 4, months: 6 };
    // What the rule keeps, applied once to everything taken, is what repeated pruning left.
    const expected = taken.filter((at) => !snapshotsToPrune(taken.map((a) => ({ id: a, takenAt: a })), now, keep).includes(at));
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
