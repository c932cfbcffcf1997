import type { Request, RequestHandler } from 'express';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { can, type Capability, ROLE_TEXT } from '../../shared/roles.ts';
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

/** A route's guard that names its capability, so the route × role test can read it from the router. */
export type CapabilityGuard = RequestHandler & { capability: Capability | 'public' };

/** Throws PERMISSION_DENIED (and logs who was refused what) unless the signed-in person's role has `capability`. */
export function assertCapability(req: Request, capability: Capability): void {
  if (!req.user) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.signInRequired);
  if (can(req.user.role, capability)) return;
  req.log.warn({ userId: req.user.id, role: req.user.role, capability }, 'admin request refused');
  throw new AppError('PERMISSION_DENIED', ROLE_TEXT.refusedAction);
}

/**
 * Every admin route names what it needs: `allow('leads.work')` after `requireStaff()` (docs/product.md#roles;
 * the table is shared/roles.ts).
 */
export function allow(capability: Capability): CapabilityGuard {
  const guard: RequestHandler = (req, _res, next) => {
    assertCapability(req, capability);
    next();
  };
  return Object.assign(guard, { capability });
}

/** Marks a route under /admin or /api/admin that is meant to work without a session (sign-in, an invitation). */
export const openToAll: CapabilityGuard = Object.assign<RequestHandler, { capability: 'public' }>((_req, _res, next) => next(), {
  capability: 'public',
});
