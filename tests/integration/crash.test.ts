import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/database.ts';
import { findLeads } from '../../db/queries/admin-leads.ts';
import { listOutboxForLead } from '../../db/queries/outbox.ts';
import { LEAD_TEST_ENV, altchaToken, goodQuote } from '../helpers/leads.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'site-crash-'));
const dbFile = join(dir, 'site.db');
const secret = randomBytes(32).toString('hex');

/** The real server on its own SQLite file. */
const startServer = (port: number) =>
  startServerProcess(port, { ...LEAD_TEST_ENV, DATABASE_URL: `file:${dbFile}`, SESSION_SECRET: secret, SEED_DEMO_CONTENT: 'false' });

let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('every submission answered success survives a SIGKILL in the middle of a burst, with its outbox rows', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port);

    const accepted: string[] = [];
    let killed = false;
    let failedAfterKill = 0;
    async function visitor(): Promise<void> {
      while (!killed) {
        try {
          const token = await altchaToken(base);
          const res = await fetch(`${base}/functions/submitQuote`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ data: { ...goodQuote('datacenter'), 'g-recaptcha-response': token } }),
          });
          const body = (await res.json()) as { result?: { success: boolean; id: string } };
          if (res.status === 200 && body.result?.success) accepted.push(body.result.id);
          else throw new Error(`unexpected answer ${res.status}`);
        } catch (err) {
          if (!killed) throw err;
          failedAfterKill += 1;
        }
        if (accepted.length >= 150 && !killed) {
          killed = true;
          server!.kill('SIGKILL');
        }
      }
    }
    await Promise.all(Array.from({ length: 16 }, visitor));
    await exited(server);
    expect(accepted.length).toBeGreaterThanOrEqual(150);
    expect(failedAfterKill).toBeGreaterThan(0);

    // Restart on the same file: SQLite recovers its write-ahead log, the site serves again.
    server = await startServer(port);
    const check = openDb(`file:${dbFile}`);
    try {
      const stored = await findLeads(check.db, 'quote', accepted);
      expect(stored.length).toBe(accepted.length);
      for (const id of accepted) {
        const outbox = await listOutboxForLead(check.db, 'quote', id);
        expect(outbox.map((o) => o.kind).sort()).toEqual(['customer-email', 'staff-email']);
      }
    } finally {
      await check.db.destroy();
    }
    const after = await fetch(`${base}/functions/submitQuote`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { ...goodQuote('web-design'), 'g-recaptcha-response': await altchaToken(base) } }),
    });
    expect(after.status).toBe(200);
    server.kill('SIGTERM');
    await exited(server);
    server = undefined;
  }, 60_000);
});
