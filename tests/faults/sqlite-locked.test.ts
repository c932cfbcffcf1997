import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_POSTS } from '../../server/blog/demo-posts.ts';
import { slugify } from '../../shared/slug.ts';
import { LEAD_TEST_ENV, postQuote } from '../helpers/leads.ts';
import { lockSqliteFile } from '../helpers/sqlite-locker.ts';
import { useServerProcess } from '../helpers/suite-server.ts';

/**
 * Another process holds the SQLite write lock (a backup, a migration, an admin script) while visitors use the
 * site. The form deadline is 2 s here; the site waits up to 5 s for a lock.
 */
const dir = mkdtempSync(join(tmpdir(), 'site-sqlite-lock-'));
const dbFile = join(dir, 'site.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const site = useServerProcess(() => ({ ...LEAD_TEST_ENV, FUNCTION_TIMEOUT_MS: '2000', DATABASE_URL: `file:${dbFile}` }));

describe('a locked SQLite file', () => {
  it('does not stall other visitors, and the form deadline holds; leads are accepted again once the lock is gone', async () => {
    const lock = await lockSqliteFile(dbFile);
    const finished: string[] = [];
    try {
      const submission = postQuote(site.base).then((answer) => {
        finished.push('submission');
        return answer;
      });
      // Let the submission reach the database and start waiting for the lock.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const pages = ['/healthz', '/blog', `/blog/${slugify(DEMO_POSTS[0]!.title)}`, '/services'];
      // Each must answer within 1.5 s (today's main took 6.6 s for /healthz while the driver waited in the event loop).
      const statuses = await Promise.all(
        pages.map(async (path) => {
          const res = await fetch(`${site.base}${path}`, { signal: AbortSignal.timeout(1500) });
          finished.push(path);
          return res.status;
        }),
      );
      expect(statuses).toEqual([200, 200, 200, 200]);
      // Every page answered while the submission still waited for the lock.
      expect(finished.indexOf('submission')).toBe(-1);

      const answer = await submission;
      // Still locked (it is released below): the visitor is told to try again when the deadline passes.
      expect(answer.status).toBe(504);
      expect(answer.body.error?.status).toBe('DEADLINE_EXCEEDED');

      const ready = await fetch(`${site.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not ready', database: 'timed out' });
    } finally {
      await lock.release();
    }
    expect((await postQuote(site.base)).status).toBe(200);
    expect((await fetch(`${site.base}/readyz`)).status).toBe(200);
  });
});
