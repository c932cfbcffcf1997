import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Challenge } from 'altcha-lib';
import SQLite from 'better-sqlite3';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { LEAD_TEST_ENV, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);

/** `npm run db:backup` / `db:restore` as an operator runs them: a separate process, from the project root. */
function cli(script: 'db-backup' | 'db-restore', args: string[], databaseUrl: string) {
  return execFileAsync(process.execPath, [`scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
  });
}

function fileOf(url: string): string {
  return url.replace(/^file:/, '');
}

/** Reads one number from a database file without going through the site. */
function count(file: string, table: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('SQLite backup and restore', () => {
  it('operator backs up while visitors submit quotes, restores after an outage, and the site serves the backup', async () => {
    const t: TestApp = await createTestApp({ env: LEAD_TEST_ENV });
    const file = fileOf(t.database.url);
    cleanups.push(() => rmSync(dirname(file), { recursive: true, force: true }));
    const blog = createBlogService({ db: t.database.db });
    const kept = await blog.createPost(postInput({ title: 'Kept by the backup' }));

    async function submitQuote(): Promise<void> {
      const challenge = await request(t.app).get('/api/captcha/challenge');
      const token = await solveAltcha(challenge.body as Challenge);
      const res = await request(t.app)
        .post('/functions/submitQuote')
        .send({ data: { ...goodQuote(), 'g-recaptcha-response': token } });
      expect(res.status).toBe(200);
    }
    await submitQuote();
    let writing = true;
    let submitted = 1;
    const visitors = (async () => {
      while (writing) {
        await submitQuote();
        submitted += 1;
      }
    })();
    const backup = await cli('db-backup', [], t.database.url).finally(() => (writing = false));
    await visitors;

    const copy = backup.stdout.trim();
    expect(dirname(copy)).toBe(join(dirname(file), 'backups'));
    expect(basename(copy)).toMatch(/^site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.db$/);
    const quotesInCopy = count(copy, 'quotes');
    expect(quotesInCopy).toBeGreaterThanOrEqual(1);
    expect(quotesInCopy).toBeLessThanOrEqual(submitted);
    // One moment in time: every quote in the copy has both of its queued e-mails, written in the same transaction.
    expect(count(copy, 'outbox')).toBe(2 * quotesInCopy);

    const lost = await blog.createPost(postInput({ title: 'Written after the backup' }));
    await expect(cli('db-restore', [copy], t.database.url)).rejects.toMatchObject({
      stderr: expect.stringContaining('is in use: stop the site first'),
    });

    // The site dies with writes still in its -wal file, which must never be replayed onto the restored file.
    const wal = `${file}-wal`;
    const crashedWal = join(mkdtempSync(join(tmpdir(), 'site-wal-')), 'site.db-wal');
    cleanups.push(() => rmSync(dirname(crashedWal), { recursive: true, force: true }));
    copyFileSync(wal, crashedWal);
    await t.database.db.destroy();
    copyFileSync(crashedWal, wal);

    const restore = await cli('db-restore', [copy], t.database.url);
    const replaced = /kept at (.+\.db)\.$/m.exec(restore.stdout)?.[1];
    expect(replaced).toMatch(/backups\/site-replaced-.+\.db$/);
    expect(existsSync(wal)).toBe(false);
    expect(existsSync(`${file}-shm`)).toBe(false);
    expect(count(file, 'quotes')).toBe(quotesInCopy);
    expect(count(replaced!, 'quotes')).toBe(submitted);
    expect(count(replaced!, 'blogs')).toBe(2);

    const restored = await createTestApp({ databaseUrl: t.database.url, env: LEAD_TEST_ENV });
    cleanups.push(() => restored.close());
    expect((await request(restored.app).get('/readyz')).status).toBe(200);
    const keptPage = await request(restored.app).get(`/blog/${kept.slug}`);
    expect(keptPage.status).toBe(200);
    expect(keptPage.text).toContain('Kept by the backup');
    expect((await request(restored.app).get(`/blog/${lost.slug}`)).status).toBe(404);
  });

  it('operator restores after deleting a broken database file: its leftover -wal is not replayed onto the backup', async () => {
    const t = await createTestApp();
    const file = fileOf(t.database.url);
    cleanups.push(() => rmSync(dirname(file), { recursive: true, force: true }));
    const blog = createBlogService({ db: t.database.db });
    await blog.createPost(postInput({ title: 'In the backup' }));
    const copy = (await cli('db-backup', [], t.database.url)).stdout.trim();
    await blog.createPost(postInput({ title: 'Only in the old -wal' }));
    const leftover = join(dirname(file), 'leftover-wal');
    copyFileSync(`${file}-wal`, leftover);
    await t.database.db.destroy();
    rmSync(file);
    copyFileSync(leftover, `${file}-wal`);

    const restore = await cli('db-restore', [copy], t.database.url);
    expect(restore.stdout).not.toContain('kept at');
    const db = new SQLite(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('select title from blogs').pluck().all()).toEqual(['In the backup']);
    } finally {
      db.close();
    }
  });

  it('operator names the backup file, and an existing file is never overwritten', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const target = join(dirname(fileOf(t.database.url)), 'nightly', 'copy.db');
    const { stdout } = await cli('db-backup', [target], t.database.url);
    expect(stdout.trim()).toBe(target);
    expect(count(target, 'kysely_migration')).toBeGreaterThan(0);
    await expect(cli('db-backup', [target], t.database.url)).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
  });

  it('operator is refused a restore of anything but an intact database of this site; the live one is untouched', async () => {
    const t = await createTestApp();
    const file = fileOf(t.database.url);
    const dir = dirname(file);
    await createBlogService({ db: t.database.db }).createPost(postInput({ title: 'Still here' }));
    await t.database.db.destroy();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'This is not a database.\n'.repeat(200));
    const damaged = join(dir, 'damaged.db');
    const copy = new SQLite(file);
    await copy.backup(damaged);
    copy.close();
    const dropped = new SQLite(damaged);
    dropped.exec('drop table quotes');
    dropped.close();
    const foreign = join(dir, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table customers (id integer primary key, name text)');
    other.close();

    await expect(cli('db-restore', [text], t.database.url)).rejects.toMatchObject({
      stderr: expect.stringContaining('it is not a SQLite database'),
    });
    await expect(cli('db-restore', [foreign], t.database.url)).rejects.toMatchObject({
      stderr: expect.stringContaining('it is not a database of this site'),
    });
    await expect(cli('db-restore', [damaged], t.database.url)).rejects.toMatchObject({
      stderr: expect.stringContaining('tables of this site are missing (quotes)'),
    });
    await expect(cli('db-restore', [], t.database.url)).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run db:restore -- FILE'),
    });
    await expect(cli('db-backup', [], 'postgres://postgres@127.0.0.1:5432/test')).rejects.toMatchObject({
      stderr: expect.stringContaining('pg_dump'),
    });
    expect(count(file, 'blogs')).toBe(1);
    expect(existsSync(join(dir, 'backups')) ? readdirSync(join(dir, 'backups')) : []).toEqual([]);
  });
});
