import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../helpers/admin-client.ts';
import { exited, freePort, spawnServer, untilReady } from '../helpers/server-process.ts';
import { createTestDatabase } from '../helpers/test-app.ts';

// Issue #26: express-rate-limit printed multi-line validation stacks at the first X-Forwarded-For, whether
// TRUST_PROXY was on or off. Ops parse the log one JSON object a line.
describe.each([
  ['unset', {}],
  ['1', { TRUST_PROXY: '1' }],
  ['true', { TRUST_PROXY: 'true' }],
])('with TRUST_PROXY %s, every line the server writes is one JSON object', (_mode, proxyEnv) => {
  it('through requests with X-Forwarded-For to the rate-limited endpoints, pages and sign-in, and a SIGTERM', async () => {
    const database = await createTestDatabase('sqlite');
    const port = await freePort();
    const { child, lines } = spawnServer({
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      SEED_DEMO_CONTENT: 'false',
      SITE_URL: ORIGIN,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...proxyEnv,
    });
    try {
      await untilReady(child, port);
      const base = `http://127.0.0.1:${port}`;
      const headers = { 'X-Forwarded-For': '203.0.113.9, 198.51.100.4', 'X-Forwarded-Proto': 'https', Origin: ORIGIN };
      const answers = [
        await fetch(`${base}/functions/submitContact`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{"data":{}}',
        }),
        await fetch(`${base}/api/captcha/challenge`, { headers }),
        await fetch(`${base}/admin/login/challenge`, { headers }),
        await fetch(`${base}/admin/login`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{"email":"a@b.co","password":"x"}',
        }),
        await fetch(`${base}/`, { headers }),
      ];
      expect(answers.map((r) => r.status)).toEqual([403, 200, 200, 401, 200]);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
      await database.drop();
    }
    expect(lines().length).toBeGreaterThan(3);
    for (const line of lines()) {
      let parsed: unknown;
      expect(() => (parsed = JSON.parse(line)), line).not.toThrow();
      expect(typeof parsed, line).toBe('object');
    }
  });
});
