import type { RequestHandler } from 'express';
import { ADMIN_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../core/errors.ts';
import { assertCsrf } from './csrf.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Guards the admin API: a signed-in staff member (who has set up two-factor sign-in when it is required,
 * unless `allowTwoFactorSetup`), and this session's CSRF token on every state-changing request.
 */
export function requireStaff(options: { allowTwoFactorSetup?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!req.user) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.signInRequired);
    if (req.user.mustSetUpTwoFactor && !options.allowTwoFactorSetup) {
      throw new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.twoFactorRequired);
    }
    if (!SAFE_METHODS.has(req.method)) assertCsrf(req);
    next();
  };
}
