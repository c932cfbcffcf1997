import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Config } from '../core/config.ts';
import { signInLane } from './known-device.ts';
import { type StaffService, toSessionUser } from './users.ts';
import './session-types.ts';

/**
 * A passport instance of its own (not the global one), so each app built by `createApp` has its own
 * database. The session keeps only the user id; each request loads the account again, so a deleted
 * account or a changed REQUIRE_2FA takes effect at once.
 */
export function createPassport(staff: StaffService, config: Config): passport.PassportStatic {
  const instance = new passport.Passport() as passport.PassportStatic;
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', passReqToCallback: true }, (req, email, password, done) => {
      staff.authenticate(email, password, signInLane(req, config, email)).then((user) => done(null, user ? toSessionUser(user, config.REQUIRE_2FA) : false), done);
    }),
  );
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: string, done) => {
    staff.findUser(id).then((user) => done(null, user ? toSessionUser(user, config.REQUIRE_2FA) : false), done);
  });
  return instance;
}
