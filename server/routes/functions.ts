import express, { type RequestHandler, Router } from 'express';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { rejectNulCharacters } from '../middleware/reject-nul.ts';
import type { LeadService, SubmitContext } from '../services/leads.ts';
import { type RedisClient, rateLimits } from '../services/rate-limit.ts';

export interface FunctionsDeps {
  leads: LeadService;
  config: Pick<Config, 'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_PER_DAY' | 'FUNCTION_TIMEOUT_MS'>;
  redis?: RedisClient | undefined;
}

type Callable = (data: unknown, context: SubmitContext) => Promise<{ id: string }>;

/**
 * `POST /functions/{name}` in the callable protocol (DESIGN.md): `{"data": {…}}` in, `{"result": {…}}` out,
 * failures as `{"error": {status, message, details}}` through the one error middleware.
 */
export function functionsRouter(deps: FunctionsDeps): Router {
  const router = Router();
  const limits = { perMinute: deps.config.RATE_LIMIT_PER_MINUTE, perDay: deps.config.RATE_LIMIT_PER_DAY };
  const endpoint = (name: string, fn: Callable) =>
    router.post(`/${name}`, ...rateLimits(name, limits, deps.redis), requireJson, jsonBody, rejectNulCharacters, callable(fn, deps.config.FUNCTION_TIMEOUT_MS));
  endpoint('submitContact', deps.leads.submitContact);
  endpoint('submitQuote', deps.leads.submitQuote);
  return router;
}

const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) {
    return next(new AppError('INVALID_ARGUMENT', 'The request body must be JSON (Content-Type: application/json).'));
  }
  next();
};

/** Leads are small: anything over 64 KB is refused with 413 before it is parsed. */
const jsonBody = express.json({ limit: '64kb', strict: true });

function callable(fn: Callable, timeoutMs: number): RequestHandler {
  return async (req, res, next) => {
    const body: unknown = req.body;
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!isObject(body) || !isObject(body.data) || Object.keys(body).some((k) => k !== 'data')) {
      return next(new AppError('INVALID_ARGUMENT', 'The request body must be {"data": {…}}.'));
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError('DEADLINE_EXCEEDED', 'The request took too long. Please try again.')),
        timeoutMs,
      );
    });
    try {
      const work = fn(body.data, { ip: req.ip });
      // Past the deadline the visitor is told to retry; work still in flight may yet commit (never lost).
      work.catch(() => {});
      const result = await Promise.race([work, deadline]);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ result: { success: true, id: result.id } });
    } catch (err) {
      next(err);
    } finally {
      clearTimeout(timer);
    }
  };
}
