import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { AppError } from '../core/errors.ts';
import './session-types.ts';

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Gives a signed-in session its CSRF token and hands it to pages (`pageContext.csrfToken`). */
export const exposeCsrfToken: RequestHandler = (req, res, next) => {
  if (req.user && req.session) {
    req.session.csrfToken ??= newCsrfToken();
    res.locals.csrfToken = req.session.csrfToken;
  }
  next();
};

/** The token a request carries: `_csrf` in a form body or the `X-CSRF-Token` header of a fetch. */
function sentToken(req: Request): string {
  const body = req.body as { _csrf?: unknown } | undefined;
  const fromBody = typeof body?._csrf === 'string' ? body._csrf : '';
  return fromBody || req.get('x-csrf-token') || '';
}

/** Throws unless the request carries this session's CSRF token. */
export function assertCsrf(req: Request): void {
  const expected = Buffer.from(req.session?.csrfToken ?? '');
  const given = Buffer.from(sentToken(req));
  if (expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.csrfInvalid);
  }
}
