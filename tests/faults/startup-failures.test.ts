import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/database.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Ending {
  code: number | null;
  /** Everything the process wrote, stdout and stderr, line by line. */
  lines: string[];
  ms: number;
}

/** Starts `node server/index.ts` with `env` alone (and PATH) and waits for it to exit on its own. */
function runUntilExit(env: Record<string, string>): Promise<Ending> {
  const started = performance.now();
  const { child, lines } = spawnServer({ SESSION_SECRET: randomBytes(32).toString('hex'), ...env });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, lines: lines(), ms: performance.now() - started })));
}

/** What ops read: one line, JSON from the logger (or the configuration's own one line), saying `pattern`. */
function expectOneLine(ending: Ending, pattern: RegExp): void {
  expect(ending.code, ending.lines.join('\n')).toBe(1);
  expect(ending.lines, ending.lines.join('\n')).toHaveLength(1);
  expect(ending.lines[0]).toMatch(pattern);
}

// Issue #26, "start-up fails loudly and once": a port in use left a process that never exited; PostgreSQL
// unreachable at start exited 0 with a stack of 8 to 14 lines.
describe('start-up failures end the process with one line', () => {
  const sqliteUrl = `file:${root}node_modules/.cache/startup-failure-${randomBytes(4).toString('hex')}.db`;

  it('a port already in use: exit 1 within 15 s, one line naming the port', async () => {
    const port = await freePort();
    const taken: Server = createServer().listen(port, '127.0.0.1');
    try {
      const ending = await runUntilExit({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: sqliteUrl });
      console.log(`port in use: exit ${ending.code} after ${Math.round(ending.ms)} ms: ${ending.lines[0]}`);
      expectOneLine(ending, new RegExp(`port ${port} is already in use`));
      expect(JSON.parse(ending.lines[0]!)).toMatchObject({ level: 60 });
      // Not a speed figure: the bound tells a process that gives up at once (a start-up, about 1 s alone, 5.2 s on a
      // loaded two-core run) from one that retries the port as it does the database (30 s by default).
      expect(ending.ms).toBeLessThan(15_000);
    } finally {
      taken.close();
    }
  });

  it('a bad setting: exit 1, one line naming the variable', async () => {
    const ending = await runUntilExit({ PORT: 'eighty', DATABASE_URL: sqliteUrl });
    expectOneLine(ending, /^Invalid configuration: PORT /);
  });

  describe('PostgreSQL', () => {
    const proxies: TcpProxy[] = [];
    afterAll(() => Promise.all(proxies.map((p) => p.close())));

    it('nothing listening: retried for DATABASE_STARTUP_TIMEOUT_MS, then exit 1 with one line', async () => {
      const ending = await runUntilExit({
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/test`,
        DATABASE_STARTUP_TIMEOUT_MS: '2000',
      });
      console.log(`closed port: exit ${ending.code} after ${Math.round(ending.ms)} ms: ${ending.lines[0]}`);
      expectOneLine(ending, /database not ready at start \(gave up after 2 s\): ECONNREFUSED/);
      // It kept trying for the time it was given.
      expect(ending.ms).toBeGreaterThan(2000);
    });

    it('a server that accepts and stays silent: each try times out, then exit 1 with one line', async () => {
      const silent = await startTcpProxy({ host: '127.0.0.1', port: 9 });
      proxies.push(silent);
      silent.setMode('blackhole');
      const ending = await runUntilExit({
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${silent.port}/test`,
        DATABASE_CONNECT_TIMEOUT_MS: '500',
        DATABASE_STARTUP_TIMEOUT_MS: '2000',
      });
      console.log(`silent database: exit ${ending.code} after ${Math.round(ending.ms)} ms: ${ending.lines[0]}`);
      expectOneLine(ending, /database not ready at start \(gave up after 2 s\): .*timeout/i);
    });

    it.runIf(process.env.TEST_DATABASE_URL)('a database that comes up while the site waits: the site starts', async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      proxies.push(proxy);
      proxy.setMode('refuse');
      const through = new URL(url);
      through.host = `127.0.0.1:${proxy.port}`;
      through.searchParams.set('schema', schema);
      const port = await freePort();
      const { child } = spawnServer({
        SESSION_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        DATABASE_URL: through.href,
        SEED_DEMO_CONTENT: 'false',
      });
      try {
        const health = () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          );
        /** Polls /healthz (every 100 ms, 10 s at most) until `done` says yes; the last status. */
        const pollUntil = async (done: (status: number) => boolean) => {
          let status = await health();
          for (let i = 0; i < 100 && !done(status); i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            status = await health();
          }
          return status;
        };
        // The site holds its port while the database refuses it, and answers 503 until it is ready.
        expect(await pollUntil((status) => status !== 0)).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(await health()).toBe(503);
        proxy.setMode('pass');
        expect(await pollUntil((status) => status === 200)).toBe(200);
        expect(child.exitCode).toBeNull();
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
        const admin = openDb(process.env.TEST_DATABASE_URL!);
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.db.destroy();
      }
    });
  });
});
