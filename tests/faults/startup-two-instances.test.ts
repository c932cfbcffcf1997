import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb } from '../../db/database.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { listAllBlogs } from '../../db/queries/blogs.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('two instances starting at once on an empty PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const schema = `startup_${randomBytes(5).toString('hex')}`;
  const url = `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`;
  let servers: ChildProcess[] = [];
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    await Promise.all(servers.map(exited));
    const cleanup = openDb(base, { poolSize: 1 });
    await cleanup.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await cleanup.db.destroy();
  });

  it('both start and the demo blog holds its eight posts once, with no "-2" slugs', async () => {
    // Migrated ahead (`npm run db:migrate`), so both instances reach the empty blog at the same moment.
    const setup = openDb(url, { poolSize: 1 });
    await migrateToLatest(setup);
    await setup.db.destroy();
    const env = { DATABASE_URL: url, SESSION_SECRET: randomBytes(32).toString('hex'), SEED_DEMO_CONTENT: 'true' };
    const ports = [await freePort(), await freePort()];
    servers = await Promise.all(ports.map((port) => startServerProcess(port, env)));
    const check = openDb(url, { poolSize: 1 });
    try {
      const posts = await listAllBlogs(check.db, { after: null, limit: 100 });
      expect(posts).toHaveLength(8);
      expect(posts.filter((p) => /-\d+$/.test(p.slug))).toEqual([]);
    } finally {
      await check.db.destroy();
    }
    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/blog`)).status).toBe(200);
  });
});
