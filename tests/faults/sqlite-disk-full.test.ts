import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { type CallableAnswer, LEAD_TEST_ENV, postQuote } from '../helpers/leads.ts';
import { useServerProcess } from '../helpers/suite-server.ts';

/**
 * The disk fills up under a running site on SQLite. Simulated without mounts or root: a file-size limit set on
 * the server process (`prlimit --fsize`) just above the database file's size, so the database cannot grow and the
 * write-ahead log can grow only so far; writes past it fail with the operating system's error, as on a full
 * disk. "Space returns" lifts the limit. The site's normal write-ahead log is at most 4 MB.
 */
const NORMAL_WAL_BYTES = 4 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'site-disk-full-'));
const dbFile = join(dir, 'site.db');
const logs: Array<Record<string, unknown>> = [];

const logged = (msg: string) => logs.filter((line) => String(line.msg).startsWith(msg));
const setFileSizeLimit = (limit: string) => execFileSync('prlimit', ['--pid', String(site.child.pid), `--fsize=${limit}:unlimited`]);

afterAll(() => rmSync(dir, { recursive: true, force: true }));
const site = useServerProcess(() => ({ ...LEAD_TEST_ENV, DATABASE_URL: `file:${dbFile}`, SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'info' }), {
  logs,
});

beforeAll(async () => {
  // A database of 6 MB, so that the log may grow past its normal size before the "disk" is full.
  const other = new SQLite(dbFile);
  other.exec('create table fault_filler (b blob); insert into fault_filler values (zeroblob(6000000))');
  other.close();
  await vi.waitUntil(() => statSync(dbFile).size > 6_000_000, { timeout: 10_000 });
  expect((await postQuote(site.base)).status).toBe(200);
});

describe('SQLite on a full disk', () => {
  it('visitors get 503 with the form failure text and the log names the real error; leads are accepted again when space returns', async () => {
    setFileSizeLimit(String(Math.max(statSync(dbFile).size, statSync(`${dbFile}-wal`).size) + 65_536));

    // Quotes keep coming until the log has no room left even for the readiness probe's one-row write: quotes are
    // then refused, never half-stored.
    const answers: CallableAnswer[] = [];
    let ready = await fetch(`${site.base}/readyz`);
    while (ready.status === 200 && answers.length < 3000) {
      answers.push(...(await Promise.all(Array.from({ length: 8 }, () => postQuote(site.base)))));
      ready = await fetch(`${site.base}/readyz`);
    }
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { database: string }).database).toMatch(/^failing \(SQLITE_(FULL|IOERR)/);
    // The last batch may all have fitted before the probe's write failed; the next quote never does.
    answers.push(await postQuote(site.base));
    expect(answers.at(-1)!.status).toBe(503);
    const refused = answers.filter((a) => a.status !== 200);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatchObject({ status: 'UNAVAILABLE', message: MESSAGES.quoteError });
    }
    expect(statSync(`${dbFile}-wal`).size).toBeGreaterThan(NORMAL_WAL_BYTES);

    // The log names the cause (SQLite's I/O or full error), never a rollback that was not needed. The server writes
    // each line before it answers, but the pipe may bring the last one after the answer.
    await vi.waitUntil(() => logged(MESSAGES.quoteError).length >= refused.length, { timeout: 2000 }).catch(() => {});
    const failures = logged(MESSAGES.quoteError);
    expect(failures.length).toBe(refused.length);
    for (const line of failures) expect((line.err as { code: string }).code).toMatch(/^SQLITE_(FULL|IOERR)/);
    expect(logs.some((line) => JSON.stringify(line).includes('cannot rollback'))).toBe(false);
    // The checkpointer failed too, and keeps being restarted, but says so once.
    await vi.waitUntil(() => logged('SQLite checkpoint worker stopped').length > 0, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(logged('SQLite checkpoint worker stopped')).toHaveLength(1);

    setFileSizeLimit('unlimited');
    // Within 40 s (the checkpointer's back-off is at most 30 s) leads are stored again and the log is back to size.
    await vi.waitUntil(async () => (await postQuote(site.base)).status === 200, { timeout: 10_000, interval: 500 });
    await vi.waitUntil(
      async () => {
        expect((await postQuote(site.base)).status).toBe(200);
        return statSync(`${dbFile}-wal`).size <= NORMAL_WAL_BYTES;
      },
      { timeout: 40_000, interval: 500 },
    );
    expect(logged('SQLite checkpoints resumed')).toHaveLength(1);
    expect((await fetch(`${site.base}/readyz`)).status).toBe(200);
  });
});
