import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb } from '../../db/database.ts';
import { readBackupJobs } from '../../db/queries/backup-jobs.ts';
import { loadConfig } from '../../server/core/config.ts';
import { type Manifest, idOfKey, manifestKey, timeOfId } from '../../server/backup/manifest.ts';
import { createObjectStore } from '../../server/backup/object-store.ts';
import { sha256Of } from '../../server/backup/sealed-file.ts';
import { DASHBOARD_TEXT } from '../../shared/admin-texts.ts';
import { ADMIN_TEST_ENV, ORIGIN, StaffClient, createStaff } from '../helpers/admin-client.ts';
import { eventually } from '../helpers/eventually.ts';
import { LEAD_TEST_ENV, submitQuote } from '../helpers/leads.ts';
import { type StandInStore, startS3StandIn } from '../helpers/s3-server.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const TOKEN = 'metrics-token-for-backup-tests';

let s3: StandInStore;
const servers: ChildProcess[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3StandIn();
  // This process reads and damages objects as an attacker or a failing disk would: with the store's own credentials.
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) process.env[name] = s3.env[name];
});
afterEach(async () => {
  for (const server of servers.splice(0)) server.kill('SIGKILL');
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A migrated SQLite database with the Owner's account, in a folder of its own under a prefix of its own. */
async function siteDatabase(prefix: string): Promise<{ url: string; file: string; dir: string; env: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'offsite-fault-'));
  dirs.push(dir);
  const url = `file:${join(dir, 'site.db')}`;
  const handle = openDb(url);
  await migrateToLatest(handle);
  await createStaff(handle.db);
  await handle.db.destroy();
  const env = {
    ...LEAD_TEST_ENV,
    ...ADMIN_TEST_ENV,
    ...s3.env,
    BACKUP_URL: `s3://site-backups/${prefix}`,
    DATABASE_URL: url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SITE_URL: ORIGIN,
    SEED_DEMO_CONTENT: 'false',
    METRICS_TOKEN: TOKEN,
  };
  return { url, file: join(dir, 'site.db'), dir, env };
}

async function startSite(env: Record<string, string>, logs?: Array<Record<string, unknown>>): Promise<string> {
  const port = await freePort();
  servers.push(await startServerProcess(port, env, logs ? { logs } : {}));
  return `http://127.0.0.1:${port}`;
}

/** One figure from /metrics, or undefined while it is not reported. */
async function metric(base: string, name: string, job: 'upload' | 'verify'): Promise<number | undefined> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const value = new RegExp(`^${name}\\{job="${job}"\\} (\\S+)$`, 'm').exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

/** `npm run backup:*`, a process of its own. */
function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['scripts/offsite-backup.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
  });
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

async function dashboardText(base: string): Promise<string> {
  const owner = new StaffClient(base);
  expect((await owner.signIn()).status).toBe(200);
  return (await owner.req('get', '/admin/dashboard')).text;
}

/** An HTTP server on a free port; closed with the test. */
async function endpoint(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, close };
}

/** Pages and /healthz, one at a time: the slowest answer, ms. */
async function slowestAnswer(base: string): Promise<number> {
  const latencies = [];
  for (let i = 0; i < 20; i += 1) latencies.push(await timed(`${base}/`), await timed(`${base}/healthz`));
  return Math.max(...latencies);
}

describe('off-site backup faults, with real processes', () => {
  it('a full store refuses every upload: the site serves on and the Owner is warned with the store’s words', async () => {
    // What MinIO answers when its disks are full; other stores answer a quota error the same way, in XML.
    const full = await endpoint((req, res) => {
      req.resume().on('end', () => {
        res.writeHead(507, { 'Content-Type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code><Message>Storage backend has reached its minimum free drive threshold.</Message></Error>',
        );
      });
    });
    try {
      const site = await siteDatabase('storage-full');
      const base = await startSite({ ...site.env, BACKUP_S3_ENDPOINT: full.url, BACKUP_EVERY: '1s' });
      await eventually(
        async () => ((await metric(base, 'site_backup_failures', 'upload')) ?? 0) >= 3 || undefined,
        'refused uploads',
        15_000,
      );
      expect(await slowestAnswer(base)).toBeLessThan(1000);
      const warned = await eventually(async () => {
        const page = await dashboardText(base);
        return page.includes(DASHBOARD_TEXT.backup.overdue) ? page : undefined;
      }, 'the warning on the dashboard');
      expect(warned).toContain('Storage backend has reached its minimum free drive threshold.');
    } finally {
      await full.close();
    }
  });

  it('a slow store: each upload waits on it, the site does not, and the uploads get through', async () => {
    const store = new URL(s3.env.BACKUP_S3_ENDPOINT!);
    // Every request to the store held for 1.5 s before it goes on.
    const slow = await endpoint((req, res) => {
      setTimeout(() => {
        const upstream = http.request(
          { host: store.hostname, port: store.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(res);
          },
        );
        // A request cut off when the test closes the proxy.
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      }, 1500);
    });
    try {
      const site = await siteDatabase('storage-slow');
      const base = await startSite({ ...site.env, BACKUP_S3_ENDPOINT: slow.url, BACKUP_EVERY: '1s' });
      expect(await slowestAnswer(base)).toBeLessThan(1000);
      await eventually(
        () => metric(base, 'site_backup_last_success_timestamp_seconds', 'upload'),
        'an upload through the slow store',
        30_000,
      );
      expect(await metric(base, 'site_backup_failures', 'upload')).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('storage down during uploads: the site serves on, the Owner is warned, and the next upload after it returns succeeds', async () => {
    const site = await siteDatabase('storage-down');
    const base = await startSite({ ...site.env, BACKUP_EVERY: '1s' });
    const first = await eventually(() => metric(base, 'site_backup_last_success_timestamp_seconds', 'upload'), 'the first upload');
    expect(await dashboardText(base)).toContain(DASHBOARD_TEXT.backup.last('just now'));

    await s3.stop();
    try {
      await eventually(
        async () => ((await metric(base, 'site_backup_failures', 'upload')) ?? 0) >= 3 || undefined,
        'failed uploads',
        15_000,
      );
      // Pages and leads while every upload fails.
      expect(await slowestAnswer(base)).toBeLessThan(1000);
      expect((await submitQuote(base)).status).toBe(200);
      // Two intervals without an upload: the warning, with the store's own error.
      const warned = await eventually(async () => {
        const page = await dashboardText(base);
        return page.includes(DASHBOARD_TEXT.backup.overdue) ? page : undefined;
      }, 'the warning on the dashboard');
      expect(warned).toMatch(/role="alert"[^>]*>[^<]*No off-site backup has succeeded/);
      expect(warned).toContain('Last error: ');
    } finally {
      await s3.start();
    }
    const healed = async () => ((await metric(base, 'site_backup_failures', 'upload')) === 0 ? true : undefined);
    await eventually(healed, 'an upload after the store came back', 20_000);
    expect(await metric(base, 'site_backup_last_success_timestamp_seconds', 'upload')).toBeGreaterThan(first);
    expect(await dashboardText(base)).not.toContain(DASHBOARD_TEXT.backup.overdue);
  });

  it('a wrong key, a truncated object and a changed one are refused in words at restore and at verify, never restored', async () => {
    const site = await siteDatabase('damaged');
    await cli(['now'], site.env);
    const target = join(site.dir, 'restored.db');
    const restore = (env: Record<string, string>) => cli(['restore', '--latest', '--to', target], env);

    const otherKey = { ...site.env, BACKUP_KEY: randomBytes(32).toString('hex') };
    const refused = (words: RegExp) => ({ stderr: expect.stringMatching(words) as unknown });
    await expect(restore(otherKey)).rejects.toMatchObject(refused(/^Refused: snapshot \S+ was sealed with another BACKUP_KEY/));

    // The object loses its last kilobyte, as an interrupted copy or a failing disk would leave it.
    const store = createObjectStore(loadConfig(site.env));
    const manifest = JSON.parse(await store.getText((await store.list('manifests'))[0]!.key)) as Manifest;
    const copy = join(site.dir, 'object');
    await store.getFile(manifest.object, copy);
    truncateSync(copy, manifest.size - 1024);
    await store.putFile(manifest.object, copy);
    await expect(restore(site.env)).rejects.toMatchObject(refused(/^Refused: snapshot \S+ is damaged or truncated/));
    await expect(cli(['verify'], site.env)).rejects.toMatchObject(refused(/^Refused: snapshot \S+ is damaged or truncated/));

    // Even with a manifest rewritten to match, the seal does not open.
    await store.putText(
      manifestKey(manifest.id),
      JSON.stringify({ ...manifest, sha256: await sha256Of(copy), size: manifest.size - 1024 }),
    );
    await expect(restore(site.env)).rejects.toMatchObject(
      refused(/^Refused: it does not open with this BACKUP_KEY, or the object was changed/),
    );
    expect(() => readFileSync(target)).toThrow(/ENOENT/);

    // The failed check is recorded where the dashboard and /metrics read it.
    const handle = openDb(site.url);
    const verify = (await readBackupJobs(handle.db)).find((j) => j.job === 'verify')!;
    await handle.db.destroy();
    expect(verify.failures).toBeGreaterThan(0);
    const base = await startSite({ ...site.env, BACKUP_EVERY: '1h', BACKUP_VERIFY_EVERY: '7d' });
    expect(await dashboardText(base)).toContain(DASHBOARD_TEXT.backup.verifyFailed);
    expect(await metric(base, 'site_backup_failures', 'verify')).toBeGreaterThan(0);
  });

  it('two instances on one database upload once per interval between them', async () => {
    const site = await siteDatabase('two-instances');
    const logs: Array<Array<Record<string, unknown>>> = [[], []];
    const env = { ...site.env, BACKUP_EVERY: '2s', LOG_LEVEL: 'info' };
    await Promise.all(logs.map((l) => startSite(env, l)));
    const store = createObjectStore(loadConfig(env));
    const uploaded = () => logs.flat().filter((line) => line.msg === 'off-site backup uploaded').length;
    // Four snapshots, each logged by the one instance that uploaded it: read at a moment when no upload is between
    // writing its manifest and logging it (a kill in that gap, on a loaded machine, left one unlogged).
    const manifests = await eventually(
      async () => {
        const listed = await store.list('manifests');
        return listed.length >= 4 && uploaded() === listed.length ? listed : undefined;
      },
      'four snapshots, each logged once',
      30_000,
    );
    for (const server of servers.splice(0)) {
      server.kill('SIGKILL');
      await exited(server);
    }
    const times = (await store.list('manifests')).map((m) => timeOfId(idOfKey(m.key))).sort((a, b) => a - b);
    expect(times.length).toBeGreaterThanOrEqual(manifests.length);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2000);
  });

  it('a backup during a burst of quotes loses none of them and slows none', async () => {
    const site = await siteDatabase('burst');
    const base = await startSite({ ...site.env, BACKUP_EVERY: '1s' });
    await eventually(() => metric(base, 'site_backup_last_success_timestamp_seconds', 'upload'), 'the first upload');
    const latencies: number[] = [];
    const statuses: number[] = [];
    // Quotes from eight visitors at once until two uploads have finished during the burst (and 200 quotes at least).
    const started = Date.now();
    const uploadsSeen = new Set<number>();
    const watching = setInterval(() => {
      void metric(base, 'site_backup_last_success_timestamp_seconds', 'upload').then(
        (at) => at && at * 1000 > started && uploadsSeen.add(at),
      );
    }, 100);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (statuses.length < 200 || uploadsSeen.size < 2) {
          const t0 = performance.now();
          statuses.push((await submitQuote(base)).status);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    clearInterval(watching);
    const ended = Date.now();
    expect(statuses.every((s) => s === 200)).toBe(true);
    latencies.sort((a, b) => a - b);
    expect(latencies[Math.floor(latencies.length * 0.99)]).toBeLessThan(1000);
    // The next snapshot holds every quote.
    const lastUpload = async () => ((await metric(base, 'site_backup_last_success_timestamp_seconds', 'upload')) ?? 0) * 1000;
    await eventually(async () => ((await lastUpload()) > ended + 1000 ? true : undefined), 'an upload after the burst');
    const target = join(site.dir, 'after-burst.db');
    await cli(['restore', '--latest', '--to', target], site.env);
    const restored = new SQLite(target, { readonly: true });
    expect(restored.prepare('select count(*) from quotes').pluck().get()).toBe(statuses.length);
    restored.close();
  });
});
