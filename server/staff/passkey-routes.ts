import { type Request, Router } from 'express';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { safeNextPath } from '../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { PasskeyRegistrationSchema, PasskeyRemoveSchema, PasskeyRenameSchema, PasskeySignInSchema } from '../../shared/schemas/passkeys.ts';
import { AppError } from '../core/errors.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody } from '../http/admin-request.ts';
import { NO_METRICS, type SiteMetrics } from '../http/metrics.ts';
import { type Limits, rateLimits } from '../http/rate-limit.ts';
import type { RedisLink } from '../http/redis.ts';
import { type SignInCompletion, completeSignIn } from './complete-sign-in.ts';
import { CHALLENGE_MS, type PasskeyService } from './passkeys.ts';
import { requireRecentPassword } from './recent-password.ts';
import { allow, openToAll, requireStaff } from './require-staff.ts';

/**
 * A passkey sign-in's body: small, but a credential id may be 1,023 bytes and comes twice in base64url (`id`,
 * `rawId`), more than the password form's 4 KB leaves room for.
 */
const PASSKEY_SIGN_IN_BODY_LIMIT = '16kb';

type Purpose = 'register' | 'sign-in';

/** Keeps the challenge a passkey must answer next in the session; asking again replaces it. */
function keepChallenge(req: Request, purpose: Purpose, value: string): void {
  req.session.passkeyChallenge = { value, purpose, at: Date.now() };
}

/** The session's challenge for `purpose`, taken out of it (used once), or null when missing or expired. */
function takeChallenge(req: Request, purpose: Purpose): { value: string; at: number } | null {
  const challenge = req.session.passkeyChallenge;
  delete req.session.passkeyChallenge;
  if (!challenge || challenge.purpose !== purpose || Date.now() - challenge.at > CHALLENGE_MS) return null;
  return challenge;
}

export interface PasskeyRoutesDeps extends SignInCompletion {
  passkeys: PasskeyService;
  /** Limits on asking for a sign-in challenge per address, as for the proof-of-work challenges. */
  limits: Limits;
  redis?: RedisLink | undefined;
  counts?: SiteMetrics['signIn'];
}

/**
 * Passkeys: the signed-in person's own (`/api/admin/account/passkeys…`, also while they must still set up
 * two-factor sign-in, since a passkey is one) and signing in with one (`/admin/login/passkey…`, JSON only:
 * passkeys need the page's script). docs/product.md#passkeys.
 */
export function passkeyRouter(deps: PasskeyRoutesDeps): Router {
  const { passkeys, limits, redis, counts = NO_METRICS.signIn } = deps;
  const router = Router();

  router.use('/api/admin/account/passkeys', requireStaff({ allowTwoFactorSetup: true }), ...adminBodyParsers(ADMIN_BODY_LIMIT));

  // A passkey signs in on its own: one added from a session left open would let someone else in for good.
  const recentPassword = requireRecentPassword(deps.accounts, ADMIN_MESSAGES.passkeyAddPassword);
  router.post('/api/admin/account/passkeys/options', allow('account.own'), recentPassword, async (req, res) => {
    const options = await passkeys.registrationOptions(req.user!);
    keepChallenge(req, 'register', options.challenge);
    res.json(options);
  });

  router.post('/api/admin/account/passkeys', allow('account.own'), async (req, res) => {
    const { name, response } = parseBody(PasskeyRegistrationSchema, req.body);
    const challenge = takeChallenge(req, 'register');
    if (!challenge) throw new AppError('ABORTED', ADMIN_MESSAGES.passkeyExpired);
    const list = await passkeys.add(actorOf(req), req.user!.id, { name, response: response as RegistrationResponseJSON }, challenge.value);
    res.status(201).json({ message: ADMIN_MESSAGES.passkeyAdded(name), passkeys: list });
  });

  router.patch('/api/admin/account/passkeys/:id', allow('account.own'), async (req, res) => {
    const { name } = parseBody(PasskeyRenameSchema, req.body);
    const list = await passkeys.rename(actorOf(req), req.user!.id, String(req.params.id), name);
    res.json({ message: ADMIN_MESSAGES.passkeyRenamed, passkeys: list });
  });

  router.post('/api/admin/account/passkeys/:id/remove', allow('account.own'), async (req, res) => {
    const { password } = parseBody(PasskeyRemoveSchema, req.body);
    res.json(await passkeys.remove(actorOf(req), req.user!.id, req.sessionID, String(req.params.id), password || undefined));
  });

  const signInBody = adminBodyParsers(PASSKEY_SIGN_IN_BODY_LIMIT);

  /** A challenge for the sign-in page: any of the site's passkeys, or the one person's after their password. */
  router.post(
    '/admin/login/passkey/options',
    openToAll,
    ...rateLimits('passkey-challenge', limits, redis),
    ...signInBody,
    async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const options = await passkeys.signInOptions(req.session.pendingLogin?.userId ?? null);
      keepChallenge(req, 'sign-in', options.challenge);
      // A visitor's session holds nothing but the challenge: it is not kept longer than the challenge works.
      if (!req.user) req.session.absoluteExpiresAt ??= Date.now() + CHALLENGE_MS;
      res.json(options);
    },
  );

  /** Not counted against the password's limits (a passkey cannot be guessed); failed assertions are, per address. */
  router.post('/admin/login/passkey', openToAll, ...signInBody, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const challenge = takeChallenge(req, 'sign-in');
    const { response, next } = parseBody(PasskeySignInSchema, req.body);
    if (!challenge) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.passkeyExpired);
    const attempt = await passkeys.reserveSignIn(req.ip).catch((err: unknown) => {
      counts.throttled();
      throw err;
    });
    const user = await passkeys.signIn(actorOf(req, null), response as AuthenticationResponseJSON, challenge);
    if (!user) {
      counts.failed();
      throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.passkeyFailed);
    }
    await attempt.succeeded();
    // After a password, the page it was going to; a passkey alone brings its own `next`.
    const pending = req.session.pendingLogin;
    const redirect = pending?.userId === user.id ? pending.next : safeNextPath(next);
    await completeSignIn(req, res, deps, await deps.accounts.sessionUser(user), 'auth.passkey_sign_in');
    res.json({ redirect });
  });

  return router;
}
