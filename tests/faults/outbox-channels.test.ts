import type { ChildProcess } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.ts';
import { outboxServerEnv, submitQuote } from '../helpers/leads.ts';
import { MailCatcher } from '../helpers/mail-catcher.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';

/** A webhook receiver that answers 204, or takes the request and never answers. */
class WebhookReceiver {
  hits = 0;
  hang = false;
  url = '';
  private server: Server | undefined;
  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (this.hang) return;
        this.hits += 1;
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  async stop(): Promise<void> {
    this.server!.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/**
 * One instance, SMTP and a webhook. Send timeout 3 s, back-off capped at 2 s (OUTBOX_SEND_TIMEOUT_MS,
 * OUTBOX_RETRY_MAX_MS): a hanging channel costs its own lanes a timeout per attempt and nothing else.
 */
describe('e-mail and webhook drain independently', () => {
  const smtp = new MailCatcher();
  const hook = new WebhookReceiver();
  let database: TestDatabase;
  let server: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    await Promise.all([smtp.start(), hook.start()]);
  });
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServerProcess(
      port,
      outboxServerEnv(database.url, smtp.port, {
        WEBHOOK_URL: hook.url,
        WEBHOOK_SECRET: 'webhook-secret-123456',
        OUTBOX_LEASE_MS: '10000',
        OUTBOX_SEND_TIMEOUT_MS: '3000',
        OUTBOX_RETRY_MAX_MS: '2000',
      }),
    );
  });
  afterEach(async () => {
    server?.kill('SIGKILL');
    if (server) await exited(server);
    await database.drop();
    smtp.received = [];
    smtp.answer = { accept: true };
    hook.hits = 0;
    hook.hang = false;
  });
  afterAll(async () => {
    await Promise.all([smtp.stop().catch(() => {}), hook.stop()]);
  });

  /** Storage check: how many outbox rows of these kinds are marked delivered (the rows' state is what is tested). */
  const delivered = async (kinds: string[]) =>
    (await database.db.selectFrom('outbox').select(['kind', 'status']).where('kind', 'in', kinds).execute()).filter(
      (r) => r.status === 'delivered',
    ).length;
  const submitTen = async () => {
    for (let i = 0; i < 10; i += 1) expect((await submitQuote(base, { email: `lead${i}@example.com` })).status).toBe(200);
  };

  it('with SMTP hanging, all 10 webhooks arrive within 5 s; the 20 e-mails follow within seconds of SMTP answering again (outbox rows: storage check)', async () => {
    smtp.answer = 'hang';
    await submitTen();
    // One queue would have waited a send timeout per e-mail ahead of each webhook: 20 × 3 s.
    await eventually(async () => ((await delivered(['webhook'])) === 10 ? true : undefined), '10 webhooks', 5_000);
    expect(hook.hits).toBe(10);
    expect(await delivered(['staff-email', 'customer-email'])).toBe(0);

    smtp.answer = { accept: true };
    // A hung send ends at its 3 s timeout, the channel waits at most 2 s, then everything goes out.
    await eventually(async () => ((await delivered(['staff-email', 'customer-email'])) === 20 ? true : undefined), '20 e-mails', 15_000);
    expect(smtp.received).toHaveLength(20);
  });

  it('with the webhook hanging, all 20 e-mails go out within 5 s; the webhooks follow once it answers (outbox rows: storage check)', async () => {
    hook.hang = true;
    await submitTen();
    await eventually(async () => ((await delivered(['staff-email', 'customer-email'])) === 20 ? true : undefined), '20 e-mails', 5_000);
    expect(smtp.received).toHaveLength(20);
    expect(await delivered(['webhook'])).toBe(0);

    hook.hang = false;
    await eventually(async () => ((await delivered(['webhook'])) === 10 ? true : undefined), '10 webhooks', 15_000);
    expect(hook.hits).toBe(10);
  });
});
