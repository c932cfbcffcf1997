import { Router } from 'express';
import type { Challenge } from 'altcha-lib';
import { type Limits, rateLimits } from '../http/rate-limit.ts';
import type { RedisLink } from '../http/redis.ts';
import { openToAll } from '../staff/require-staff.ts';

/**
 * `GET <path>`: a fresh signed ALTCHA challenge for the widget; never cached. One router each for the public forms and
 * staff sign-in under a flood (shared/challenge-paths.ts).
 */
export function captchaRouter(path: string, altcha: { challenge(): Promise<Challenge> }, limits: Limits, redis?: RedisLink): Router {
  const router = Router();
  router.get(path, openToAll, ...rateLimits(`challenge:${path}`, limits, redis), async (_req, res, next) => {
    try {
      const challenge = await altcha.challenge();
      res.setHeader('Cache-Control', 'no-store');
      res.json(challenge);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
