import type { IncomingMessage } from 'node:http';
import { type RequestHandler, Router } from 'express';
import type { VisitKey } from '../analytics/visit-counter.ts';
import type { Config } from '../core/config.ts';
import { AppError } from '../core/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { rejectNulCharacters } from '../http/reject-nul.ts';
import type { LeadService, SubmitContext } from './lead-service.ts';
import { rateLimits } from '../http/rate-limit.ts';
import type { RedisLink } from '../http/redis.ts';
import { API_MESSAGES } from '../../shared/messages.ts';

export interface FunctionsDeps {
  leads: LeadService;
  /** The visit a submission ends (its lead is linked to where the visit came from). */
  visitOf?: (req: IncomingMessage) => VisitKey | null;
  config: Pick<Config, 'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_PER_DAY' | 'FUNCTION_TIMEOUT_MS'>;
  redis?: RedisLink | undefined;
}

type Callable = (data: unknown, context: SubmitContext) => Promise<{ id: string }>;

/**
 * `POST /functions/{name}` in the callable protocol (docs/product.md#functions): `{"data": {…}}` in, `{"result":
 * {…}}` out, failures as `{"error": {status, message, details}}` through the one error middleware.
 */
export function functionsRouter(deps: FunctionsDeps): Router {
  const router = Router();
  const limits = { perMinute: deps.config.RATE_LIMIT_PER_MINUTE, perDay: deps.config.RATE_LIMIT_PER_DAY };
  const endpoint = (name: string, fn: Callable) =>
    // Full paths (mounted at the root): the route a request matched names it alike in metrics and logs.
    router.post(
      `/functions/${name}`,
      ...rateLimits(name, limits, deps.redis),
      requireJson,
      ...leadBody,
      rejectNulCharacters,
      callable(fn, deps.config.FUNCTION_TIMEOUT_MS, deps.visitOf),
    );
  endpoint('submitContact', deps.leads.submitContact);
  endpoint('submitQuote', deps.leads.submitQuote);
  return router;
}

const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) {
    return next(new AppError('INVALID_ARGUMENT', API_MESSAGES.bodyNotJsonType));
  }
  next();
};

/** Leads are small: anything over 64 KB is refused with 413 before it is parsed. */
export const LEAD_BODY_LIMIT = '64kb';
const leadBody = jsonBody(LEAD_BODY_LIMIT);

/** An opaque key per submission (the browser sends 32 hex digits): https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/ */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

function callable(fn: Callable, timeoutMs: number, visitOf: FunctionsDeps['visitOf'] = () => null): RequestHandler {
  return async (req, res, next) => {
    const body: unknown = req.body;
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!isObject(body) || !isObject(body.data) || Object.keys(body).some((k) => k !== 'data')) {
      return next(new AppError('INVALID_ARGUMENT', API_MESSAGES.bodyNotData));
    }
    const idempotencyKey = req.get('Idempotency-Key');
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return next(new AppError('INVALID_ARGUMENT', API_MESSAGES.idempotencyKeyInvalid));
    }
    let timer: NodeJS.Timeout | undefined;
    const abandon = new AbortController();
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abandon.abort();
        reject(new AppError('DEADLINE_EXCEEDED', API_MESSAGES.deadline));
      }, timeoutMs);
    });
    try {
      const work = fn(body.data, { ip: req.ip, idempotencyKey, signal: abandon.signal, visit: visitOf(req) });
      // Past the deadline the visitor is told to retry: the work is abandoned and not committed afterwards (a
      // commit already under way may still finish; the retry's Idempotency-Key then returns that lead).
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
