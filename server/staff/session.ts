import { randomBytes } from 'node:crypto';
import session from 'express-session';
import type { Db } from '../../db/database.ts';
import type { Config } from '../core/config.ts';
import { SESSION_COOKIE } from '../http/session-cookie.ts';
import { KyselySessionStore } from './session-store.ts';

/**
 * `Secure` in production whenever the site's public address is https. A production build tried out on
 * http://localhost (`npm start`) would otherwise never get its cookie set, and staff could not sign in.
 */
export function sessionCookieOptions(config: Config) {
  const secure = config.NODE_ENV === 'production' && new URL(config.SITE_URL).protocol === 'https:';
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
}

/**
 * On an https site the cookie is `__Host-sid`: browsers then accept it only if Secure, for Path=/ and with no
 * Domain, so a sibling subdomain (or a man in the middle on http) cannot plant or shadow it.
 */
export function sessionCookieName(config: Config): string {
  return sessionCookieOptions(config).secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
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
    name: sessionCookieName(config),
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
