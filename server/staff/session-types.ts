import type { SessionUser } from '../../shared/staff.ts';
import type { SessionDevice } from './device.ts';

/** What this app keeps in a session, and what passport puts on `req.user`. */
declare module 'express-session' {
  interface SessionData {
    csrfToken: string;
    /** The session ends at this time (ms) however active it is: the absolute lifetime. */
    absoluteExpiresAt: number;
    /** Password accepted, second factor still to come. */
    pendingLogin: { userId: string; next: string; at: number };
    /** A TOTP secret being set up, not yet confirmed by a code. */
    totpSetup: { secret: string; at: number };
    /** The challenge a passkey must answer next, to add one or to sign in with one; used once (passkey-routes.ts). */
    passkeyChallenge: { value: string; purpose: 'register' | 'sign-in'; at: number };
    passport: { user: string };
    /** When this session last proved who is using it (its sign-in, or the password asked again); ms. */
    provenAt: number;
    /** The browser, system and network it was signed in from (device.ts), for the Staff pages' session lists. */
    device: SessionDevice;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

export {};
