import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Db } from '../../db/database.ts';
import type { Config } from '../config.ts';
import { authenticate, findStaffUser, toSessionUser } from '../services/users.ts';
import './types.ts';

/**
 * A passport instance of its own (not the global one), so each app built by `createApp` has its own
 * database. The session keeps only the user id; each request loads the account again, so a deleted
 * account or a changed REQUIRE_2FA takes effect at once.
 */
export function createPassport(db: Db, config: Config): passport.PassportStatic {
  const instance = new passport.Passport() as passport.PassportStatic;
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      authenticate(db, email, password).then((user) => done(null, user ? toSessionUser(user, config.REQUIRE_2FA) : false), done);
    }),
  );
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: string, done) => {
    findStaffUser(db, id).then((user) => done(null, user ? toSessionUser(user, config.REQUIRE_2FA) : false), done);
  });
  return instance;
}
