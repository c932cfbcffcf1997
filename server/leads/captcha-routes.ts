import { Router } from 'express';
import type { AltchaCaptcha } from './captcha/altcha.ts';
import { type Limits, rateLimits } from '../http/rate-limit.ts';
import type { RedisLink } from '../http/redis.ts';

/** `GET /api/captcha/challenge`: a fresh signed ALTCHA challenge for the widget; never cached. */
export function captchaRouter(altcha: AltchaCaptcha, limits: Limits, redis?: RedisLink): Router {
  const router = Router();
  router.get('/api/captcha/challenge', ...rateLimits('captcha-challenge', limits, redis), async (_req, res, next) => {
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
