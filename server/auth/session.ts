import { randomBytes } from 'node:crypto';
import session from 'express-session';
import type { Db } from '../../db/database.ts';
import type { Config } from '../config.ts';
import { KyselySessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sid';

/**
 * `Secure` in production whenever the site's public address is https. A production build tried out on
 * http://localhost (`npm start`) would otherwise never get its cookie set, and staff could not sign in.
 */
export function sessionCookieOptions(config: Config) {
  const secure = config.NODE_ENV === 'production' && new URL(config.SITE_URL).protocol === 'https:';
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
}

/**
 * Sessions in the database behind an `sid` cookie. Only a session that holds something (a sign-in) is
 * stored or sent, so public pages set no cookie. `rolling` renews the idle expiry on every request; the
 * store caps it at the absolute lifetime set at sign-in.
 */
export function sessionMiddleware(config: Config, db: Db) {
  const store = new KyselySessionStore(db);
  // Without SESSION_SECRET (allowed outside production) sessions last until the process restarts.
  const secret = config.SESSION_SECRET ?? randomBytes(32).toString('hex');
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { ...sessionCookieOptions(config), maxAge: config.SESSION_IDLE_HOURS * 3600_000 },
  });
  return { middleware, store };
}
