import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.ts';
import { outboxServerEnv, submitQuote } from '../helpers/leads.ts';
import { MailCatcher } from '../helpers/mail-catcher.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';

/**
 * Instances A and B on one PostgreSQL, one SMTP server. The lease and timeouts are seconds instead of minutes
 * (OUTBOX_LEASE_MS, OUTBOX_SEND_TIMEOUT_MS) so the faults show quickly; the ratios are today's defaults'.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('outbox on two instances, with SMTP slow or hung', () => {
  const smtp = new MailCatcher();
  let database: TestDatabase;
  let servers: ChildProcess[] = [];
  let bases: string[] = [];

  const env = () =>
    outboxServerEnv(database.url, smtp.port, { OUTBOX_LEASE_MS: '3000', OUTBOX_SEND_TIMEOUT_MS: '2500', OUTBOX_RETRY_MAX_MS: '1000' });

  async function startInstances(): Promise<void> {
    const ports = [await freePort(), await freePort()];
    servers = await Promise.all(ports.map((port) => startServerProcess(port, env())));
    bases = ports.map((port) => `http://127.0.0.1:${port}`);
  }

  /** Storage check: the outbox rows' state, leases and claims (what these tests are about). */
  const outbox = () => database.db.selectFrom('outbox').select(['id', 'status', 'attempts', 'locked_until', 'claim_token']).execute();
  const messageIds = () => smtp.received.map((m) => /Message-ID: (.*)/i.exec(m.raw)?.[1]);

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await smtp.start();
  });
  afterEach(async () => {
    for (const server of servers) server.kill('SIGKILL');
    await Promise.all(servers.map(exited));
    await database.db.deleteFrom('outbox').execute();
    smtp.received = [];
    smtp.answer = { accept: true };
  });
  afterAll(async () => {
    await smtp.stop().catch(() => {});
    await database.drop();
  });

  it('15 quotes to A while SMTP takes a third of the lease per message: 30 rows become exactly 30 e-mails (outbox rows: storage check)', async () => {
    smtp.answer = { accept: true, delayMs: 1_000 };
    await startInstances();
    for (let i = 0; i < 15; i += 1) expect((await submitQuote(bases[0]!, { email: `slow${i}@example.com` })).status).toBe(200);

    await eventually(
      async () => ((await outbox()).every((r) => r.status === 'delivered') ? true : undefined),
      'every row delivered',
      60_000,
    );
    // A claim that lapsed mid-batch would now be sent again by the other instance: give it a lease to show.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const rows = await outbox();
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    expect(smtp.received).toHaveLength(30);
    expect(new Set(messageIds()).size).toBe(30);
  });

  it('SIGTERM on A while SMTP hangs: A exits 0 within the grace period, gives its claims back, and B sends them once SMTP is back (outbox rows: storage check)', async () => {
    smtp.answer = 'hang';
    // A long lease: rows A held can only move on in time if A gives them back.
    const slow = { OUTBOX_LEASE_MS: '60000', OUTBOX_SEND_TIMEOUT_MS: '8000' };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServerProcess(portA, { ...env(), ...slow });
    servers = [a];
    for (let i = 0; i < 6; i += 1)
      expect((await submitQuote(`http://127.0.0.1:${portA}`, { email: `hung${i}@example.com` })).status).toBe(200);
    const claimsOf = async (token: string) => (await outbox()).filter((r) => r.claim_token === token);
    const tokenA = await eventually(async () => (await outbox()).find((r) => r.claim_token)?.claim_token ?? undefined, "A's first claim");
    servers.push(await startServerProcess(portB, { ...env(), ...slow }));
    // A holds a claim at the moment of the signal (between two hung sends it briefly holds none).
    await eventually(async () => ((await claimsOf(tokenA)).length > 0 ? true : undefined), 'A holding a claim');

    const sent = Date.now();
    a.kill('SIGTERM');
    await exited(a);
    expect(a.exitCode).toBe(0);
    expect(Date.now() - sent).toBeLessThan(10_000);
    expect(await claimsOf(tokenA)).toEqual([]);

    smtp.answer = { accept: true };
    // Within B's send timeout, back-off and a few sends: far sooner than A's 60 s lease would have run out.
    await eventually(
      async () => ((await outbox()).every((r) => r.status === 'delivered') ? true : undefined),
      'every row delivered by B',
      25_000,
    );
    expect(smtp.received).toHaveLength(12);
    expect(new Set(messageIds()).size).toBe(12);
  });
});
