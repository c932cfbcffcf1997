import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Config } from '../core/config.ts';
import { signInLane } from './known-device.ts';
import type { SessionUser } from '../../shared/staff.ts';
import type { StaffService } from './users.ts';
import './session-types.ts';

/**
 * A passport instance of its own (not the global one), so each app built by `createApp` has its own
 * database. The session keeps only the user id; each request loads the account again, so a deleted
 * account, a changed role or a changed sign-in policy takes effect at once.
 */
export function createPassport(staff: StaffService, config: Config): passport.PassportStatic {
  const instance = new passport.Passport() as passport.PassportStatic;
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', passReqToCallback: true }, (req, email, password, done) => {
      staff
        .authenticate(email, password, signInLane(req, config, email))
        .then((user): Promise<SessionUser | false> | false => (user ? staff.sessionUser(user) : false))
        .then((user) => done(null, user), done);
    }),
  );
  instance.serializeUser((user, done) => done(null, user.id));
  instance.deserializeUser((id: string, done) => {
    staff
      .findUser(id)
      .then((user): Promise<SessionUser | false> | false => (user ? staff.sessionUser(user) : false))
      .then((user) => done(null, user), done);
  });
  return instance;
}
