import { randomInt } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import { type RedisLink, connectRedis } from '../../server/http/redis.ts';
import { LEAD_TEST_ENV } from '../helpers/leads.ts';
import { type TestApp, createTestApp, productionRenderer } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

/** A made-up client address per run, so counters left in Redis by an earlier run never matter. */
const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const LIMITED = { ...LEAD_TEST_ENV, RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_DAY: '5', TRUST_PROXY: '1' };

// The limiter runs before anything else, so even refused submissions count: no captcha is needed to test it.
const send = (app: TestApp['app'] | TestApp['listener'], ip: string, endpoint = 'submitContact') =>
  request(app).post(`/functions/${endpoint}`).set('X-Forwarded-For', ip).send({ data: {} });

describe('rate limits in memory', () => {
  const t = useTestApp(() => createTestApp({ env: LIMITED }));

  it('a client over the per-minute limit gets 429 with Retry-After; other clients and endpoints are unaffected', async () => {
    const ip = someIp();
    for (let i = 0; i < 3; i += 1) expect((await send(t.app, ip)).status).toBe(403);
    const limited = await send(t.app, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await send(t.app, someIp())).status).toBe(403);
    expect((await send(t.app, ip, 'submitQuote')).status).toBe(403);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  let t: TestApp;
  let redis: RedisLink;
  let instances: Array<TestApp['listener']>;
  beforeAll(async () => {
    t = await createTestApp({ env: LIMITED });
    const logger = createLogger(t.config);
    redis = await connectRedis(process.env.TEST_REDIS_URL!, { timeoutMs: 1000, logger });
    await vi.waitUntil(() => redis.isAvailable, { timeout: 5000 });
    const renderer = await productionRenderer();
    // Two instances of the site, as behind a load balancer: same database, same Redis.
    instances = [1, 2].map(() => createApp({ config: t.config, database: t.database, logger, renderer, redis }).listener);
  });
  afterAll(async () => {
    redis.close();
    await t.close();
  });

  it('a client spreading requests over two instances is limited by their total', async () => {
    const ip = someIp();
    const [a, b] = instances as [TestApp['listener'], TestApp['listener']];
    expect((await send(a, ip)).status).toBe(403);
    expect((await send(b, ip)).status).toBe(403);
    expect((await send(a, ip)).status).toBe(403);
    const limited = await send(b, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await redis.command(['KEYS', `rl:submitContact:minute:*${ip}*`])).toHaveLength(1);
  });
});
