import type { RequestHandler } from 'express';
import { RecentPasswordSchema } from '../../shared/schemas/admin-auth.ts';
import { invalidFields } from '../core/errors.ts';
import { parseBody } from '../http/admin-request.ts';
import type { StaffService } from './users.ts';

/** A session proved who is using it this recently (its sign-in, or the password asked again) needs no password. */
export const RECENT_PASSWORD_MS = 10 * 60_000;

/**
 * Guards a route that adds a way to sign in (a passkey, an authenticator app): one added from a session left open
 * or stolen would let someone else in for good, or lock the person out. Past RECENT_PASSWORD_MS since the session
 * last proved who is using it, the body must carry the password (`asked` says so beside the field); a right one
 * proves the session again. docs/product.md#account
 */
export function requireRecentPassword(staff: Pick<StaffService, 'confirmPassword'>, asked: string): RequestHandler {
  return async (req, _res, next) => {
    if (Date.now() - (req.session.provenAt ?? 0) > RECENT_PASSWORD_MS) {
      const { password } = parseBody(RecentPasswordSchema, req.body);
      if (!password) throw invalidFields(asked, { password: asked });
      await staff.confirmPassword(req.user!.id, password);
      req.session.provenAt = Date.now();
    }
    next();
  };
}
