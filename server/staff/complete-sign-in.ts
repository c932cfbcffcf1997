import type { Request, Response } from 'express';
import type { Config } from '../core/config.ts';
import { newCsrfToken } from './csrf.ts';
import { rememberDevice } from './known-device.ts';
import { describeDevice } from './device.ts';
import type { KyselySessionStore } from './session-store.ts';
import type { StaffService } from './users.ts';

export interface SignInCompletion {
  accounts: StaffService;
  config: Config;
  store: KyselySessionStore;
}

/**
 * The one way a sign-in ends, by password (and code) or by passkey: a new session id (passport regenerates it: no
 * session fixation), its CSRF token and absolute lifetime, the browser remembered for the account, and the
 * audit entry with the account's oldest sessions beyond the limit ended.
 */
export async function completeSignIn(
  req: Request,
  res: Response,
  { accounts, config, store }: SignInCompletion,
  user: Express.User,
  action: 'auth.sign_in' | 'auth.passkey_sign_in' = 'auth.sign_in',
): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logIn(user, (err) => (err ? reject(err) : resolve())));
  rememberDevice(res, config, user.email);
  req.session.csrfToken = newCsrfToken();
  req.session.device = describeDevice(req.get('user-agent'), req.ip);
  req.session.absoluteExpiresAt = Date.now() + config.SESSION_MAX_DAYS * 24 * 3600_000;
  req.session.provenAt = Date.now();
  await accounts.recordSignIn({ userId: user.id, email: user.email, ip: req.ip ?? null }, action);
  await store.prune();
}
