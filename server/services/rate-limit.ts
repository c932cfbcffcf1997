import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../errors.ts';

/** A connected client for REDIS_URL; the caller quits it on shutdown. */
export function connectRedis(url: string) {
  return createClient({ url }).connect();
}

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>;

export interface Limits {
  perMinute: number;
  perDay: number;
}

/**
 * Per-client-IP limits for one endpoint: a minute window and a day window. Counters live in memory, or in
 * Redis when a client is given, so every instance behind the proxy counts together. The client IP is
 * `req.ip`, which honours TRUST_PROXY. If Redis fails, requests pass (a lead matters more than a limit).
 */
export function rateLimits(name: string, limits: Limits, redis?: RedisClient): RequestHandler[] {
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
      passOnStoreError: true,
      ...(redis
        ? {
            store: new RedisStore({
              prefix: `rl:${name}:${label}:`,
              sendCommand: (...args: string[]) => redis.sendCommand(args),
            }),
          }
        : {}),
      handler: (req, _res, next) => {
        const info = (req as { rateLimit?: { resetTime?: Date } }).rateLimit;
        const reset = info?.resetTime?.getTime() ?? Date.now() + windowMs;
        const retryAfter = String(Math.max(1, Math.ceil((reset - Date.now()) / 1000)));
        next(new AppError('RESOURCE_EXHAUSTED', FIELD_MESSAGES.rateLimited, { headers: { 'Retry-After': retryAfter } }));
      },
    }),
  );
}
