import { Router } from 'express';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { PasswordChangeSchema, TotpEnableSchema } from '../../shared/schemas/admin-auth.ts';
import { allow, requireStaff } from './require-staff.ts';
import { AppError } from '../core/errors.ts';
import type { StaffService } from './users.ts';
import { requireRecentPassword } from './recent-password.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody } from '../http/admin-request.ts';

/** A TOTP set-up must be confirmed within this time. */
const SETUP_MS = 10 * 60_000;

/** The signed-in staff member's own account: password, two-factor sign-in, other sessions. */
export function adminAccountRouter(staff: StaffService): Router {
  const router = Router();
  // Setting up two-factor sign-in must stay possible when it is required and missing.
  router.use('/api/admin/account', requireStaff({ allowTwoFactorSetup: true }), ...adminBodyParsers(ADMIN_BODY_LIMIT));

  router.get('/api/admin/account', allow('account.own'), async (req, res) => {
    res.json(await staff.accountInfo(req.user!.id));
  });

  router.post('/api/admin/account/password', allow('account.own'), async (req, res) => {
    const input = parseBody(PasswordChangeSchema, req.body);
    await staff.changePassword(actorOf(req), req.user!.id, req.sessionID, input);
    res.json({ message: ADMIN_MESSAGES.passwordChanged });
  });

  router.post('/api/admin/account/sessions/end-others', allow('account.own'), async (req, res) => {
    const ended = await staff.endOtherSessions(actorOf(req), req.user!.id, req.sessionID);
    res.json({ message: ADMIN_MESSAGES.sessionsEnded, ended });
  });

  // An authenticator app turned on from a session left open or stolen would lock the person out.
  const recentPassword = requireRecentPassword(staff, ADMIN_MESSAGES.twoFactorSetUpPassword);
  router.post('/api/admin/account/totp/start', allow('account.own'), recentPassword, (req, res) => {
    const setup = staff.startTotpSetup(req.user!.email);
    req.session.totpSetup = { secret: setup.secret, at: Date.now() };
    res.json(setup);
  });

  router.post('/api/admin/account/totp/enable', allow('account.own'), recentPassword, async (req, res) => {
    const { code } = parseBody(TotpEnableSchema, req.body);
    const setup = req.session.totpSetup;
    if (!setup || Date.now() - setup.at > SETUP_MS) {
      throw new AppError('ABORTED', ADMIN_MESSAGES.totpSetupExpired);
    }
    const recoveryCodes = await staff.enableTotp(actorOf(req), req.user!.id, setup.secret, code);
    delete req.session.totpSetup;
    res.json({ message: ADMIN_MESSAGES.twoFactorEnabled, recoveryCodes });
  });

  router.post('/api/admin/account/totp/disable', allow('account.own'), async (req, res) => {
    // When two-step sign-in is required, the authenticator app goes only if a passkey stays.
    const me = await staff.findUser(req.user!.id);
    if (!me?.hasPasskey && (await staff.signInPolicy.twoStepRequired(req.user!.role))) {
      throw new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.twoFactorMandatory);
    }
    const password = typeof req.body?.password === 'string' ? (req.body.password as string) : '';
    await staff.disableTotp(actorOf(req), req.user!.id, req.sessionID, password);
    res.json({ message: ADMIN_MESSAGES.twoFactorDisabled });
  });

  return router;
}
