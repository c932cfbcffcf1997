import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-messages.ts';
import { PasswordChangeSchema, TotpEnableSchema } from '../../shared/schemas/admin-auth.ts';
import { requireStaff } from '../auth/require-staff.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { recordAudit } from '../services/audit.ts';
import {
  changePassword,
  disableTotp,
  enableTotp,
  endOtherSessions,
  getAccountInfo,
  startTotpSetup,
} from '../services/users.ts';
import { adminBodyParsers } from './admin-body.ts';
import { actorOf, parseBody } from './admin-request.ts';

/** A TOTP set-up must be confirmed within this time. */
const SETUP_MS = 10 * 60_000;

/** The signed-in staff member's own account: password, two-factor sign-in, other sessions. */
export function adminAccountRouter(db: Db, config: Config): Router {
  const router = Router();
  // Setting up two-factor sign-in must stay possible when it is required and missing.
  router.use('/api/admin/account', requireStaff({ allowTwoFactorSetup: true }), ...adminBodyParsers);

  router.get('/api/admin/account', async (req, res) => {
    res.json(await getAccountInfo(db, req.user!.id, config.REQUIRE_2FA));
  });

  router.post('/api/admin/account/password', async (req, res) => {
    const input = parseBody(PasswordChangeSchema, req.body);
    await changePassword(db, req.user!.id, req.sessionID, input);
    await recordAudit(db, actorOf(req), 'auth.password_changed');
    res.json({ message: ADMIN_MESSAGES.passwordChanged });
  });

  router.post('/api/admin/account/sessions/end-others', async (req, res) => {
    const ended = await endOtherSessions(db, req.user!.id, req.sessionID);
    await recordAudit(db, actorOf(req), 'auth.sessions_ended', String(ended));
    res.json({ message: ADMIN_MESSAGES.sessionsEnded, ended });
  });

  router.post('/api/admin/account/totp/start', (req, res) => {
    const setup = startTotpSetup(req.user!.email);
    req.session.totpSetup = { secret: setup.secret, at: Date.now() };
    res.json(setup);
  });

  router.post('/api/admin/account/totp/enable', async (req, res) => {
    const { code } = parseBody(TotpEnableSchema, req.body);
    const setup = req.session.totpSetup;
    if (!setup || Date.now() - setup.at > SETUP_MS) {
      throw new AppError('ABORTED', 'The set-up expired. Start again to get a new QR code.');
    }
    const recoveryCodes = await enableTotp(db, req.user!.id, setup.secret, code);
    delete req.session.totpSetup;
    await recordAudit(db, actorOf(req), 'auth.2fa_enabled');
    res.json({ message: ADMIN_MESSAGES.twoFactorEnabled, recoveryCodes });
  });

  router.post('/api/admin/account/totp/disable', async (req, res) => {
    if (config.REQUIRE_2FA) throw new AppError('PERMISSION_DENIED', 'Two-factor sign-in is required for every staff account.');
    const password = typeof req.body?.password === 'string' ? (req.body.password as string) : '';
    await disableTotp(db, req.user!.id, password);
    await recordAudit(db, actorOf(req), 'auth.2fa_disabled');
    res.json({ message: ADMIN_MESSAGES.twoFactorDisabled });
  });

  return router;
}
