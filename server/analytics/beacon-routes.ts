import { Router } from 'express';
import { BEACON_PATH, isBeaconEvent } from '../../shared/analytics.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../core/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { type Limits, rateLimits } from '../http/rate-limit.ts';
import type { RedisLink } from '../http/redis.ts';
import { isPersonsBrowser } from './counting-rules.ts';
import type { VisitCounter } from './visit-counter.ts';

/**
 * `POST /api/analytics/event` `{"event": "quote-step-2"}`: the quote wizard's steps, sent by the form itself once it
 * runs (docs/product.md#analytics). It carries no identifier and sets nothing; rate-limited per address like the
 * captcha challenges. Answers 204 whether or not it was counted (bots, counting off), so it tells a caller nothing.
 */
export function beaconRouter(visits: VisitCounter, limits: Limits, redis?: RedisLink): Router {
  const router = Router();
  router.post(BEACON_PATH, ...rateLimits('analytics-event', limits, redis), ...jsonBody('1kb'), (req, res) => {
    const event: unknown = (req.body as { event?: unknown } | undefined)?.event;
    if (!isBeaconEvent(event)) throw new AppError('INVALID_ARGUMENT', API_MESSAGES.unknownEvent);
    if (isPersonsBrowser(req.headers['user-agent'])) visits.event(event, req);
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  });
  return router;
}
