import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import type { Challenge } from 'altcha-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/eventually.ts';
import { goodQuote, outboxServerEnv, solveAltcha } from '../helpers/leads.ts';
import { MailCatcher } from '../helpers/mail-catcher.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';
import { findLeads } from '../../db/queries/admin-leads.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  sentAt: number;
  answeredAt: number;
}

/** One HTTP request over `agent` (kept-alive sockets); network errors reject. */
function send(agent: Agent, port: number, method: string, path: string, body?: unknown, onSocket?: (s: Socket) => void): Promise<Answer> {
  const sentAt = Date.now();
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { agent, host: '127.0.0.1', port, method, path, headers: payload ? { 'Content-Type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, body: text, sentAt, answeredAt: Date.now() }),
        );
        res.on('error', reject);
      },
    );
    if (onSocket) req.on('socket', onSocket);
    req.on('error', reject);
    req.end(payload);
  });
}

describe('SIGTERM under keep-alive load', () => {
  const smtp = new MailCatcher();
  let database: TestDatabase;
  let server: ChildProcess | undefined;
  afterAll(async () => {
    server?.kill('SIGKILL');
    await smtp.stop().catch(() => {});
    await database?.drop();
  });

  it('with 50 keep-alive clients submitting and SMTP hung: nothing accepted after the signal, in-flight answers close, idle sockets closed, outbox claims released (storage check), exit 0', async () => {
    smtp.answer = 'hang';
    await smtp.start();
    database = await createTestDatabase('sqlite');
    const port = await freePort();
    const logs: Array<Record<string, unknown>> = [];
    // The server's own clock for "after the signal": the time on its "SIGTERM received" log line.
    const signalTime = () => logs.find((l) => String(l.msg).includes('SIGTERM received'))?.time as number | undefined;
    server = await startServerProcess(
      port,
      outboxServerEnv(database.url, smtp.port, { OUTBOX_LEASE_MS: '60000', OUTBOX_SEND_TIMEOUT_MS: '30000', LOG_LEVEL: 'info' }),
      { logs },
    );

    // Idle keep-alive sockets: opened by one request each, then left alone.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 5 });
    const idleSockets: Socket[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () => send(idleAgent, port, 'GET', '/healthz', undefined, (s) => void idleSockets.push(s))),
    );
    const idleClosedAt: number[] = [];
    for (const socket of new Set(idleSockets)) socket.once('close', () => idleClosedAt.push(Date.now()));

    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const answers: Answer[] = [];
    let stopped = false;
    async function client(): Promise<void> {
      while (!stopped) {
        const sentAt = Date.now();
        try {
          const challenge = await send(agent, port, 'GET', '/api/captcha/challenge');
          if (challenge.status !== 200) {
            answers.push(challenge);
            continue;
          }
          const token = await solveAltcha(JSON.parse(challenge.body) as Challenge);
          answers.push(
            await send(agent, port, 'POST', '/functions/submitQuote', {
              data: { ...goodQuote('web-hosting'), 'g-recaptcha-response': token },
            }),
          );
        } catch {
          // Refused or cut off (status 0): the server has stopped listening. Try again until it has exited.
          answers.push({ status: 0, connection: undefined, body: '', sentAt, answeredAt: Date.now() });
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    }
    const clients = Promise.all(Array.from({ length: 50 }, client));
    await eventually(
      async () => (answers.filter((a) => a.status === 200 && a.body.includes('"result"')).length >= 100 ? true : undefined),
      '100 submissions',
      30_000,
    );
    // The outbox worker is busy with hung sends: it holds claims.
    await eventually(
      async () =>
        (await database.db.selectFrom('outbox').select('id').where('claim_token', 'is not', null).execute()).length > 0 ? true : undefined,
      'outbox claims',
    );

    // A submission in flight at the signal: its body is half sent, the rest follows once the server has the signal.
    const challenge = await send(idleAgent, port, 'GET', '/api/captcha/challenge');
    const token = await solveAltcha(JSON.parse(challenge.body) as Challenge);
    const slowBody = JSON.stringify({ data: { ...goodQuote('datacenter'), 'g-recaptcha-response': token } });
    let finishSlowBody = () => {};
    const slow = new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/functions/submitQuote',
          agent: new Agent({ keepAlive: true }),
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(slowBody) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode!, connection: res.headers.connection, body: text, sentAt: 0, answeredAt: Date.now() }),
          );
        },
      );
      req.on('error', reject);
      req.write(slowBody.slice(0, 100));
      finishSlowBody = () => req.end(slowBody.slice(100));
    });

    // Time for the server to read the request's headers (the request has begun) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    server.kill('SIGTERM');
    const signalledAt = await eventually(async () => signalTime(), 'the signal to be logged');
    finishSlowBody();
    await exited(server);
    const exitedAt = Date.now();
    stopped = true;
    await clients;
    agent.destroy();
    idleAgent.destroy();

    expect(server.exitCode).toBe(0);
    expect(exitedAt - sent).toBeLessThan(10_000);
    expect(signalledAt).toBeLessThan(exitedAt);
    // Clients kept trying after the signal: no connection was taken (0), or a request on a connection still
    // open was told to come back (503, closing it). Nothing was accepted.
    const afterSignal = answers.filter((a) => a.sentAt > signalledAt);
    expect(afterSignal.length).toBeGreaterThan(0);
    expect(afterSignal.filter((a) => a.status !== 0 && !(a.status === 503 && a.connection === 'close'))).toEqual([]);
    // The request in flight at the signal was answered, and told to close its connection.
    const inFlight = await slow;
    expect(inFlight).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(inFlight.body)).toMatchObject({ result: { success: true } });
    // Idle sockets were closed by the server while it was still finishing its work, not by its exit.
    expect(idleClosedAt).toHaveLength(new Set(idleSockets).size);
    expect(idleClosedAt.every((t) => t < exitedAt)).toBe(true);

    // Every acknowledged lead is stored, with its two outbox rows, none of them still claimed.
    const accepted = [...answers, inFlight]
      .filter((a) => a.status === 200 && a.body.includes('"result"'))
      .map((a) => (JSON.parse(a.body) as { result: { id: string } }).result.id);
    const stored = await findLeads(database.db, 'quote', accepted);
    expect(stored).toHaveLength(accepted.length);
    const rows = await database.db.selectFrom('outbox').select(['lead_id', 'claim_token', 'locked_until']).execute();
    expect(rows.filter((r) => accepted.includes(r.lead_id))).toHaveLength(accepted.length * 2);
    expect(rows.filter((r) => r.claim_token !== null || r.locked_until !== null)).toEqual([]);
  });
});
