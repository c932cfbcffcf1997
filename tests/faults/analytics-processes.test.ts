import { describe, expect, it } from 'vitest';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import type { Db } from '../../db/database.ts';

/*
 * Visit counting with real server processes (docs/product.md#analytics): counts gather in memory for 5 s, so a
 * SIGTERM must write them before the process exits, and two instances on one PostgreSQL must add up, sharing the
 * day's salt so one visitor seen by both is one visitor.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A person's page view: 200 and a page, or null when the server was no longer there (or answered otherwise). */
async function view(base: string, path: string, ip: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}${path}`, { headers: { 'User-Agent': BROWSER, 'Sec-Fetch-Dest': 'document', 'X-Forwarded-For': ip } });
    const body = await res.text();
    return res.status === 200 && body.includes('</html>');
  } catch {
    return false;
  }
}

async function totals(db: Db): Promise<{ views: number; visitors: number }> {
  const rows = await db.selectFrom('analytics_days').selectAll().execute();
  return { views: rows.reduce((n, r) => n + Number(r.views), 0), visitors: rows.reduce((n, r) => n + Number(r.visitors), 0) };
}

const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'x'.repeat(32),
  SEED_DEMO_CONTENT: 'false',
  TRUST_PROXY: 'true',
});

describe('visit counting in real processes', () => {
  it('SIGTERM while visitors keep coming: every page answered is counted, none twice', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = await startServerProcess(port, serverEnv(database.url));
      let answered = 0;
      let stop = false;
      // Ten visitors, each loading pages one after another until the server is gone.
      const visitors = Array.from({ length: 10 }, async (_, i) => {
        for (let n = 0; !stop && n < 400; n += 1) {
          if (await view(base, ['/', '/services', '/about'][n % 3]!, `100.80.${i}.1`)) answered += 1;
          else if (child.exitCode !== null || child.signalCode !== null) return;
        }
      });
      while (answered < 150) await new Promise((resolve) => setTimeout(resolve, 10));
      child.kill('SIGTERM');
      await exited(child);
      stop = true;
      await Promise.all(visitors);
      expect(child.exitCode).toBe(0);
      expect(answered).toBeGreaterThanOrEqual(150);
      expect(await totals(database.db)).toEqual({ views: answered, visitors: 10 });
    } finally {
      await database.drop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('two instances on PostgreSQL add up, and a visitor seen by both is one visitor', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const ports = [await freePort(), await freePort()];
      const children = await Promise.all(ports.map((port) => startServerProcess(port, serverEnv(database.url))));
      const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
      const sent: Array<Promise<boolean>> = [];
      for (let i = 0; i < 6; i += 1) {
        // Visitors 0–5 each view three pages on A and two on B, at the same time.
        for (const path of ['/', '/services', '/about']) sent.push(view(a, path, `100.81.${i}.1`));
        for (const path of ['/', '/contact']) sent.push(view(b, path, `100.81.${i}.1`));
      }
      // Visitors 6 and 7 only on B.
      for (const i of [6, 7]) sent.push(view(b, '/quote', `100.81.${i}.1`));
      expect((await Promise.all(sent)).every(Boolean)).toBe(true);
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map(exited));
      expect(children.map((c) => c.exitCode)).toEqual([0, 0]);

      expect(await totals(database.db)).toEqual({ views: 6 * 5 + 2, visitors: 8 });
      const home = await database.db.selectFrom('analytics_page_days').selectAll().where('path', '=', '/').executeTakeFirstOrThrow();
      expect({ views: Number(home.views), visitors: Number(home.visitors) }).toEqual({ views: 12, visitors: 6 });
      expect(await database.db.selectFrom('analytics_salts').select('day').execute()).toHaveLength(1);
    } finally {
      await database.drop();
    }
  });
});
