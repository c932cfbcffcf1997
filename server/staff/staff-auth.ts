import type { RequestHandler } from 'express';
import type { PassportStatic } from 'passport';
import type { Db } from '../../db/database.ts';
import type { Config } from '../core/config.ts';
import { exposeCsrfToken } from './csrf.ts';
import { createPassport } from './passport.ts';
import type { StaffService } from './users.ts';
import { sessionMiddleware } from './session.ts';
import type { KyselySessionStore } from './session-store.ts';

export interface StaffAuth {
  /** Session, passport and CSRF token, in order: `req.user` and `res.locals.csrfToken` are set after them. */
  middleware: RequestHandler[];
  passport: PassportStatic;
  store: KyselySessionStore;
}

export function createStaffAuth(config: Config, db: Db, staff: StaffService): StaffAuth {
  const { middleware: session, store } = sessionMiddleware(config, db);
  const passport = createPassport(staff, config);
  return {
    middleware: [session, passport.initialize(), passport.session(), exposeCsrfToken],
    passport,
    store,
  };
}

/** Admin pages are private and personal: never cached, never indexed. */
export const privatePages: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};
