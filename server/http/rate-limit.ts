import type { RequestHandler } from 'express';
import { type IncrementResponse, MemoryStore, type Options, type Store, rateLimit } from 'express-rate-limit';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../core/errors.ts';
import type { RedisLink } from './redis.ts';

export interface Limits {
  perMinute: number;
  perDay: number;
}

/**
 * Per-client-IP limits for one endpoint: a minute window and a day window. Counters live in memory, or in
 * Redis when a link is given, so every instance behind the proxy counts together; while Redis is away each
 * instance counts in its own memory (RedisOrMemoryStore). The client IP is `req.ip`, which honours TRUST_PROXY.
 */
export function rateLimits(name: string, limits: Limits, redis?: RedisLink): RequestHandler[] {
  const windows = [
    { label: 'minute', windowMs: 60_000, limit: limits.perMinute },
    { label: 'day', windowMs: 24 * 60 * 60_000, limit: limits.perDay },
  ];
  return windows.map(({ label, windowMs, limit }) =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      // A store that fails lets the request through: a lead matters more than a limit.
      passOnStoreError: true,
      // Which proxies to believe is TRUST_PROXY's to say (app.ts, client-ip.ts), on purpose either way; these two
      // checks second-guess it by printing a multi-line stack to stderr at the first X-Forwarded-For.
      validate: { trustProxy: false, xForwardedForHeader: false },
      ...(redis ? { store: new RedisOrMemoryStore(redis, `rl:${name}:${label}:`) } : {}),
      handler: (req, _res, next) => {
        const info = (req as { rateLimit?: { resetTime?: Date } }).rateLimit;
        const reset = info?.resetTime?.getTime() ?? Date.now() + windowMs;
        const retryAfter = String(Math.max(1, Math.ceil((reset - Date.now()) / 1000)));
        next(new AppError('RESOURCE_EXHAUSTED', FIELD_MESSAGES.rateLimited, { headers: { 'Retry-After': retryAfter } }));
      },
    }),
  );
}

/**
 * Counts a key's hits in its window atomically: the first hit sets the counter and its expiry, later ones add
 * to it. Answers [hits, milliseconds left].
 */
const INCREMENT_SCRIPT = `
local ttl = redis.call("PTTL", KEYS[1])
if ttl <= 0 then
  redis.call("SET", KEYS[1], 1, "PX", ARGV[1])
  return { 1, tonumber(ARGV[1]) }
end
return { redis.call("INCR", KEYS[1]), ttl }`;

/**
 * Counters in Redis while it answers, in this instance's memory while it does not (the link logs the switch
 * once). Redis counts are read fresh after it returns; the memory counts of the outage are simply dropped.
 */
class RedisOrMemoryStore implements Store {
  readonly prefix: string;
  readonly localKeys = false;
  readonly #redis: RedisLink;
  readonly #memory = new MemoryStore();
  #windowMs = 60_000;

  constructor(redis: RedisLink, prefix: string) {
    this.#redis = redis;
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
    this.#memory.init(options);
  }

  async increment(key: string): Promise<IncrementResponse> {
    if (this.#redis.isAvailable) {
      try {
        const reply = (await this.#redis.command(['EVAL', INCREMENT_SCRIPT, '1', this.prefix + key, String(this.#windowMs)])) as [
          number,
          number,
        ];
        return { totalHits: Number(reply[0]), resetTime: new Date(Date.now() + Number(reply[1])) };
      } catch {
        // Logged by the link; this request counts in memory.
      }
    }
    return this.#memory.increment(key);
  }

  async decrement(key: string): Promise<void> {
    if (this.#redis.isAvailable) await this.#redis.command(['DECR', this.prefix + key]).catch(() => {});
    else this.#memory.decrement(key);
  }

  async resetKey(key: string): Promise<void> {
    this.#memory.resetKey(key);
    if (this.#redis.isAvailable) await this.#redis.command(['DEL', this.prefix + key]).catch(() => {});
  }
}
