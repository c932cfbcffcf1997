import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEAD_TEST_ENV, postQuote } from '../helpers/leads.ts';
import { type RedisServer, redisServer } from '../helpers/redis-server.ts';
import { useServerProcess } from '../helpers/suite-server.ts';
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.ts';

/**
 * The site with REDIS_URL set, in front of a redis-server of the test's own (through a proxy the test controls),
 * while that Redis is down at start, crashes, restarts and goes silent. Rate limits: 3 a minute per address.
 */
const dir = mkdtempSync(join(tmpdir(), 'site-redis-fault-'));
const logs: Array<Record<string, unknown>> = [];
let redis: RedisServer;
let proxy: TcpProxy;

/** Each answer must come within this: today's main made every submission wait about 10 s while Redis was away. */
const ANSWER_WITHIN_MS = 3000;

const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const logCount = (msg: string) => logs.filter((line) => String(line.msg).startsWith(msg)).length;

/** An empty contact form from `ip`: 403 (no captcha) while under the limit, 429 over it. */
async function emptySubmission(ip: string): Promise<number> {
  const res = await fetch(`${site.base}/functions/submitContact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ data: {} }),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return res.status;
}

/** A fresh address sends four: the limit of three a minute holds on the fourth. */
async function expectLimitHolds(): Promise<string> {
  const ip = someIp();
  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push(await emptySubmission(ip));
  expect(statuses).toEqual([403, 403, 403, 429]);
  return ip;
}

async function readiness(): Promise<{ status: number; body: { status: string; redis: string } }> {
  const res = await fetch(`${site.base}/readyz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  return { status: res.status, body: (await res.json()) as { status: string; redis: string } };
}

const waitForRedis = (state: string, timeout: number) =>
  vi.waitUntil(async () => (await readiness()).body.redis.startsWith(state), { timeout, interval: 200 });

beforeAll(async () => {
  redis = redisServer();
  proxy = await startTcpProxy(redis.address);
});
afterAll(async () => {
  await proxy?.close();
  await redis?.kill();
  rmSync(dir, { recursive: true, force: true });
});
// Redis is not running yet: the site must start anyway.
const site = useServerProcess(
  () => ({
    ...LEAD_TEST_ENV,
    RATE_LIMIT_PER_MINUTE: '3',
    TRUST_PROXY: '1',
    DATABASE_URL: `file:${join(dir, 'site.db')}`,
    SEED_DEMO_CONTENT: 'false',
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    LOG_LEVEL: 'info',
  }),
  { logs },
);

describe('Redis outages', () => {
  it('the site starts while Redis is down, in degraded mode with per-instance limits, and says so once', async () => {
    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.body.redis).toBe('degraded: rate limits per instance');
    await expectLimitHolds();
    expect((await postQuote(site.base, { 'X-Forwarded-For': someIp() })).status).toBe(200);
    // The client keeps trying to connect meanwhile; the log says it once.
    expect(logCount('Redis unavailable')).toBe(1);
  });

  it('once Redis starts, the site connects by itself within 10 s and counts in Redis again', async () => {
    await redis.start();
    await waitForRedis('connected', 10_000);
    expect(logCount('Redis reachable again')).toBe(1);
    const ip = await expectLimitHolds();
    expect(await redis.command('KEYS rl:submitContact:minute:*')).toContain(ip);
  });

  it('Redis crashes: visitors are answered at once with per-instance limits, and Redis is used again after its restart', async () => {
    await redis.kill();
    await expectLimitHolds();
    expect((await postQuote(site.base, { 'X-Forwarded-For': someIp() })).status).toBe(200);
    expect(await (await fetch(`${site.base}/api/captcha/challenge`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) })).status).toBe(200);
    expect((await readiness()).body).toMatchObject({ status: 'ready', redis: 'degraded: rate limits per instance' });
    expect(logCount('Redis unavailable')).toBe(2);

    await redis.start();
    await waitForRedis('connected', 10_000);
    const ip = await expectLimitHolds();
    expect(await redis.command('KEYS rl:submitContact:minute:*')).toContain(ip);
  });

  it('Redis goes silent: answers still come quickly, and the link is re-opened within 15 s of Redis answering again', async () => {
    proxy.setMode('blackhole');
    // The first request waits for one command timeout at most; the limit then holds in memory.
    await expectLimitHolds();
    expect((await readiness()).body.redis).toBe('degraded: rate limits per instance');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await expectLimitHolds();

    proxy.setMode('pass');
    await waitForRedis('connected', 15_000);
    const ip = await expectLimitHolds();
    expect(await redis.command('KEYS rl:submitContact:minute:*')).toContain(ip);
  });
});
