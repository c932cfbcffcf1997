import { Router } from 'express';
import { SETTINGS_MESSAGES } from '../../shared/admin-texts.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import type { SettingsService } from './settings-service.ts';

/** The settings page's JSON API: read and save; the rules and the audit entry are the service's. */
export function adminSettingsRouter(settings: SettingsService): Router {
  const router = Router();
  router.use('/api/admin/settings', requireStaff(), ...adminBodyParsers(ADMIN_BODY_LIMIT));

  router.get('/api/admin/settings', allow('settings.manage'), async (_req, res) => {
    res.json(await settings.current());
  });

  router.put('/api/admin/settings', allow('settings.manage'), async (req, res) => {
    const saved = await settings.update(req.body, actorOf(req));
    res.json({ message: SETTINGS_MESSAGES.saved, settings: saved });
  });

  return router;
}
