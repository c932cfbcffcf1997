import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/core/logger.ts';
import { createMailer } from '../../server/outbox/mail.ts';
import { type OutboxWorkerOptions, createOutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { verifyWebhookSignature } from '../../server/outbox/webhook.ts';
import { MailCatcher, decodedMail as decoded } from '../helpers/mail-catcher.ts';
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { type SignedInStaffApp, leadDetail, signedInStaffApp } from '../helpers/admin-client.ts';

describe.each(configuredEngines())('outbox delivery on %s', (engine) => {
  let t: SignedInStaffApp;
  let smtp: MailCatcher;
  /** The mailer's way to the SMTP server: `refuse` is a server that is down, while the proxy keeps its port. */
  let smtpLink: TcpProxy;
  const workers: Array<{ stop: () => Promise<void> }> = [];
  beforeAll(async () => {
    t = await signedInStaffApp({
      engine,
      env: {
        ...LEAD_TEST_ENV,
        STAFF_EMAIL: 'staff@example.com',
        WEBHOOK_URL: 'http://127.0.0.1:9/hook',
        WEBHOOK_SECRET: 'webhook-secret-123456',
      },
    });
    smtp = new MailCatcher();
    await smtp.start();
    smtpLink = await startTcpProxy({ host: '127.0.0.1', port: smtp.port });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    // Every test starts with a clean outbox.
    await t.database.db.deleteFrom('outbox').execute();
    smtp.received = [];
    smtp.answer = { accept: true };
    smtpLink.setMode('pass');
  });
  afterAll(async () => {
    await smtpLink.close();
    await smtp.stop().catch(() => {});
    await t.close();
  });

  function worker(overrides: Partial<OutboxWorkerOptions> = {}) {
    const w = createOutboxWorker({
      db: t.database.db,
      engine: t.database.engine,
      logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      mailer: createMailer(`smtp://127.0.0.1:${smtpLink.port}`, 'Northbridge IT <site@example.com>'),
      pollMs: 20,
      maxAttempts: 5,
      baseDelayMs: 1,
      ...overrides,
    });
    workers.push(w);
    return w;
  }

  async function submit(endpoint: 'submitContact' | 'submitQuote', data: Record<string, unknown>): Promise<string> {
    const challenge = (await request(t.app).get('/api/captcha/challenge')).body as Challenge;
    const res = await request(t.app)
      .post(`/functions/${endpoint}`)
      .send({ data: { ...data, 'g-recaptcha-response': await solveAltcha(challenge) } });
    expect(res.status).toBe(200);
    return res.body.result.id as string;
  }

  /** The lead's notifications and how their delivery went, as its page in the inbox shows them, by kind. */
  const rows = async (leadId: string) => {
    const lead = (await leadDetail(t.staff, 'quote', leadId)) ?? (await leadDetail(t.staff, 'contact', leadId));
    expect(lead).not.toBeNull();
    return [...lead!.notifications].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  };

  it('staff and the visitor get their e-mails: all fields, readable labels, admin link, the 24-hour promise', async () => {
    const id = await submit('submitQuote', goodQuote('datacenter', { email: 'grace@example.com' }));
    expect(await worker().runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    const staff = smtp.received.find((m) => m.to.includes('staff@example.com'))!;
    const ack = smtp.received.find((m) => m.to.includes('grace@example.com'))!;
    expect(decoded(staff.raw)).toContain('Storage size (TB): 12 TB');
    expect(decoded(staff.raw)).toContain('Redundancy: Basic');
    expect(decoded(staff.raw)).toContain(`/admin/leads/quote/${id}`);
    expect(decoded(staff.raw)).toMatch(/Reply-To: grace@example.com/i);
    expect(decoded(ack.raw)).toContain("we'll contact you within 24 hours");
    const stored = await rows(id);
    expect(stored.filter((r) => r.kind !== 'webhook').every((r) => r.status === 'delivered' && r.attempts === 1 && r.deliveredAt)).toBe(
      true,
    );
  });

  it('with SMTP down, messages are retried later with back-off and nothing is lost; once it is back each is sent once', async () => {
    smtpLink.setMode('refuse');
    const id = await submit('submitContact', goodContact());
    // A back-off of two seconds: the pass right after must find nothing due, even on a busy machine.
    const w = worker({ baseDelayMs: 2000, retryMaxMs: 2000 });
    expect(await w.runOnce()).toBe(2);
    let stored = (await rows(id)).filter((r) => r.kind !== 'webhook');
    expect(stored.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(stored.every((r) => r.lastError && r.nextAttemptAt > new Date().toISOString())).toBe(true);
    // Not yet due: a second pass does not hammer the server.
    expect(await w.runOnce()).toBe(0);

    smtpLink.setMode('pass');
    // Until the back-off the failed attempts set has passed.
    const due = Math.max(...stored.map((r) => Date.parse(r.nextAttemptAt)));
    await new Promise((resolve) => setTimeout(resolve, due - Date.now() + 10));
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(2);
    stored = (await rows(id)).filter((r) => r.kind !== 'webhook');
    expect(stored.map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
  });

  it('a message the server keeps refusing is marked failed after the maximum attempts, with its last error, and kept', async () => {
    smtp.answer = 'refuse';
    const id = await submit('submitContact', goodContact());
    const w = worker({ maxAttempts: 2 });
    await w.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await w.runOnce();
    const stored = (await rows(id)).filter((r) => r.kind !== 'webhook');
    expect(stored.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
    ]);
    expect(stored.every((r) => r.lastError?.includes('550'))).toBe(true);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('an SMTP server that cannot be reached never fails a message for good: it waits, retried within the back-off cap', async () => {
    const id = await submit('submitContact', goodContact());
    const w = worker({ mailer: createMailer('smtp://127.0.0.1:9', 'x@example.com'), maxAttempts: 1, retryMaxMs: 20 });
    for (let pass = 0; pass < 3; pass += 1) {
      await w.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const stored = (await rows(id)).filter((r) => r.kind !== 'webhook');
    expect(stored.every((r) => r.status === 'pending' && r.attempts >= 2 && r.lastError?.includes('ECONNREFUSED'))).toBe(true);
    // No later than the cap: the next attempt is due within 20 ms of the last.
    expect(stored.every((r) => Date.parse(r.nextAttemptAt) - Date.now() <= 20)).toBe(true);
  });

  it('without SMTP the e-mails wait untouched', async () => {
    const id = await submit('submitContact', goodContact());
    expect(await worker({ mailer: undefined }).runOnce()).toBe(0);
    const stored = (await rows(id)).filter((r) => r.kind !== 'webhook');
    expect(stored.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('two workers running at once deliver each message exactly once', async () => {
    for (let i = 0; i < 6; i += 1) await submit('submitContact', goodContact({ email: `visitor${i}@example.com` }));
    const a = worker({ concurrency: 3 });
    const b = worker({ concurrency: 3 });
    for (let pass = 0; pass < 4; pass += 1) await Promise.all([a.runOnce(), b.runOnce()]);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.raw.match(/Message-ID: (.*)/i)?.[1])).size).toBe(12);
  });

  it('the started worker polls and delivers by itself', async () => {
    const id = await submit('submitContact', goodContact());
    worker().start();
    const delivered = async () => (await rows(id)).filter((r) => r.status === 'delivered').length;
    for (let i = 0; i < 100 && (await delivered()) < 2; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await delivered()).toBe(2);
    expect(smtp.received).toHaveLength(2);
  });

  describe('webhook', () => {
    let receiver: Server;
    let hits: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
    let status = 204;
    let url = '';
    beforeAll(async () => {
      hits = [];
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          hits.push({ headers: req.headers, body });
          res.statusCode = status;
          res.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    it('posts the lead as JSON with a signature and timestamp a receiver can verify', async () => {
      const id = await submit('submitQuote', goodQuote('web-hosting'));
      await worker({ mailer: undefined, webhook: { url, secret: 'webhook-secret-123456' } }).runOnce();
      expect(hits).toHaveLength(1);
      const [hit] = hits as [(typeof hits)[number]];
      const headers = { signature: hit.headers['x-webhook-signature'] as string, timestamp: hit.headers['x-webhook-timestamp'] as string };
      expect(hit.headers['content-type']).toBe('application/json');
      expect(verifyWebhookSignature('webhook-secret-123456', headers, hit.body)).toBe(true);
      expect(verifyWebhookSignature('another-secret-1234567', headers, hit.body)).toBe(false);
      expect(verifyWebhookSignature('webhook-secret-123456', headers, hit.body.replace('Grace', 'Mallory'))).toBe(false);
      expect(verifyWebhookSignature('webhook-secret-123456', headers, hit.body, { now: Number(headers.timestamp) + 3600 })).toBe(false);
      const body = JSON.parse(hit.body);
      expect(body).toMatchObject({
        event: 'lead.created',
        type: 'quote',
        id,
        lead: { service: 'web-hosting', name: 'Grace Hopper', details: { ssl: 'Yes' } },
      });
      expect(body.lead.clientIp).toBeUndefined();
    });

    it('an error answer from the receiver is retried', async () => {
      hits = [];
      status = 500;
      const id = await submit('submitContact', goodContact());
      const w = worker({ mailer: undefined, webhook: { url, secret: 'webhook-secret-123456' } });
      await w.runOnce();
      const [row] = (await rows(id)).filter((r) => r.kind === 'webhook');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'webhook answered HTTP 500' });
      status = 204;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await w.runOnce();
      expect(hits).toHaveLength(2);
      expect((await rows(id)).find((r) => r.kind === 'webhook')!.status).toBe('delivered');
    });
  });
});
