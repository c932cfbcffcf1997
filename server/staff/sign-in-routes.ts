import { type Request, type Response, Router } from 'express';
import type { PassportStatic } from 'passport';
import { safeNextPath } from '../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { LoginSchema, TotpCodeSchema } from '../../shared/schemas/admin-auth.ts';
import { assertCsrf } from './csrf.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { openToAll } from './require-staff.ts';
import { sessionCookieName, sessionCookieOptions } from './session.ts';
import type { KyselySessionStore } from './session-store.ts';
import { knownDevice, signInLane } from './known-device.ts';
import { hashingHasRoom } from './password.ts';
import { HashQueueFullError } from './hash-queue.ts';
import type { SignInProof } from './sign-in-proof.ts';
import { NO_METRICS, type SiteMetrics } from '../http/metrics.ts';
import type { Attempt } from './throttle.ts';
import type { Config } from '../core/config.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import type { StaffService } from './users.ts';
import { SIGN_IN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, wantsJson } from '../http/admin-request.ts';

/** The second step must follow the password within this time. */
const PENDING_LOGIN_MS = 5 * 60_000;

/** Why a sign-in form post was sent back to the login page; the page shows the matching text. */
export type LoginError = 'invalid' | 'throttled' | 'code' | 'expired' | 'proof' | 'busy';

/** How long a sign-in refused for want of a hashing slot should wait before trying again. */
const BUSY_RETRY_SECONDS = 5;

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}

/**
 * Sign-in and sign-out. Both accept a plain form post (works without JavaScript: answers are redirects) or
 * JSON from the login page's script (answers are JSON).
 */
export function adminAuthRouter(
  accounts: StaffService,
  config: Config,
  passport: PassportStatic,
  store: KyselySessionStore,
  proof: SignInProof,
  counts: SiteMetrics['signIn'] = NO_METRICS.signIn,
): Router {
  const router = Router();
  const signInBody = adminBodyParsers(SIGN_IN_BODY_LIMIT);

  /** Sends a form post back to the login page with the reason, or answers JSON with the error. */
  function refuse(req: Request, res: Response, error: AppError, reason: LoginError, next: string | undefined): void {
    if (wantsJson(req)) throw error;
    const params = new URLSearchParams({ error: reason });
    if (reason === 'code') params.set('step', 'code');
    if (reason === 'throttled') params.set('minutes', String(config.LOGIN_WINDOW_MINUTES));
    if (next) params.set('next', next);
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.redirect(303, `/admin/login?${params.toString()}`);
  }

  function done(req: Request, res: Response, body: Record<string, unknown>, location: string): void {
    if (wantsJson(req)) res.json(body);
    else res.redirect(303, location);
  }

  const completion = { accounts, config, store };

  async function recordFailure(req: Request, email: string): Promise<void> {
    counts.failed();
    await accounts.recordEvent(actorOf(req, email), 'auth.sign_in_failed', email);
  }

  /** Reserves this attempt before any slow check (throttle.ts); null once the answer (429) has been sent. */
  async function reserve(req: Request, res: Response, email: string, rawNext: string | undefined): Promise<Attempt | null> {
    try {
      return await accounts.reserveSignIn(email, req.ip, knownDevice(req, config, email));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      counts.throttled();
      refuse(req, res, err, 'throttled', rawNext);
      return null;
    }
  }

  router.post('/admin/login', openToAll, ...signInBody, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const parsed = LoginSchema.safeParse(req.body);
    const rawNext = typeof req.body?.next === 'string' ? (req.body.next as string) : undefined;
    if (!parsed.success) {
      return refuse(req, res, invalidFields(ADMIN_MESSAGES.loginFailed, parsed.error), 'invalid', rawNext);
    }
    const email = parsed.data.email.toLowerCase();
    const next = safeNextPath(parsed.data.next);
    const lane = signInLane(req, config, email);
    // Before the attempt is counted or hashed: while guesses spike, each costs its sender CPU, not the server.
    if (!lane.trusted && (await proof.required()) && !(await proof.accept(parsed.data.proof))) {
      const error = new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.signInProofNeeded, { details: { proofOfWork: true } });
      return refuse(req, res, error, 'proof', rawNext);
    }
    const busy = () => new AppError('UNAVAILABLE', ADMIN_MESSAGES.signInBusy, { headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) } });
    if (!hashingHasRoom(lane)) return refuse(req, res, busy(), 'busy', rawNext);
    const attempt = await reserve(req, res, email, rawNext);
    if (!attempt) return;
    let user: Express.User | false;
    try {
      user = await new Promise<Express.User | false>((resolve, reject) => {
        passport.authenticate('local', { session: false }, (err: unknown, found: Express.User | false) =>
          err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(found),
        )(req, res, reject);
      });
    } catch (err) {
      if (!(err instanceof HashQueueFullError)) throw err;
      // The queue filled while this attempt was being reserved.
      await attempt.notChecked();
      return refuse(req, res, busy(), 'busy', rawNext);
    }
    if (!user) {
      await recordFailure(req, email);
      return refuse(req, res, new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.loginFailed), 'invalid', rawNext);
    }
    await attempt.succeeded();
    const staff = await accounts.findUser(user.id);
    if (staff?.hasTwoFactor) {
      await regenerate(req);
      req.session.pendingLogin = { userId: user.id, next, at: Date.now() };
      // A half-finished sign-in is not kept longer than it may be completed.
      req.session.absoluteExpiresAt = Date.now() + PENDING_LOGIN_MS;
      // Someone with passkeys only is asked for one; with an authenticator app too, the page offers both.
      const step = staff.hasTotp ? 'code' : 'passkey';
      return done(
        req,
        res,
        { twoFactorRequired: true, step, passkey: staff.hasPasskey },
        `/admin/login?step=${step}&next=${encodeURIComponent(next)}`,
      );
    }
    await completeSignIn(req, res, completion, user);
    done(req, res, { redirect: user.mustSetUpTwoFactor ? '/admin/account' : next }, user.mustSetUpTwoFactor ? '/admin/account' : next);
  });

  router.post('/admin/login/code', openToAll, ...signInBody, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const pending = req.session.pendingLogin;
    const rawNext = pending?.next;
    if (!pending || Date.now() - pending.at > PENDING_LOGIN_MS) {
      return refuse(req, res, new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.totpExpired), 'expired', rawNext);
    }
    const staff = await accounts.findUser(pending.userId);
    if (!staff) return refuse(req, res, new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.totpExpired), 'expired', rawNext);
    const attempt = await reserve(req, res, staff.email, rawNext);
    if (!attempt) return;
    const parsed = TotpCodeSchema.safeParse(req.body);
    const method = parsed.success ? await accounts.verifySecondFactor(actorOf(req, staff.email), staff.id, parsed.data.code) : null;
    if (!method) {
      await recordFailure(req, staff.email);
      return refuse(req, res, new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.totpInvalid), 'code', rawNext);
    }
    await attempt.succeeded();
    await completeSignIn(req, res, completion, {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      mustSetUpTwoFactor: false,
    });
    done(req, res, { redirect: pending.next }, pending.next);
  });

  /** Signing out is a POST with the session's CSRF token (a link or an image could not sign anyone out). */
  router.post('/admin/logout', openToAll, ...signInBody, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (req.user) {
      assertCsrf(req);
      await accounts.signOut(actorOf(req), req.sessionID);
      // The stored session is gone already; this ends the request's copy, so nothing saves it again.
      await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    }
    res.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
    done(req, res, { redirect: '/admin/login' }, '/admin/login?signedOut=1');
  });

  return router;
}
