import { Router } from 'express';
import { PrivacyRequestSchema } from '../../shared/schemas/privacy.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import type { PrivacyService } from './privacy-service.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody } from '../http/admin-request.ts';

/** Subject access (a JSON file of everything held about an e-mail address) and erasure, for staff only. */
export function adminPrivacyRouter(privacy: PrivacyService): Router {
  const router = Router();
  router.use('/api/admin/privacy', requireStaff());

  // POST with the CSRF token, like erasure: an export is audited under the staff member's name.
  router.post('/api/admin/privacy/export', allow('privacy.manage'), ...adminBodyParsers(ADMIN_BODY_LIMIT), async (req, res) => {
    const { email } = parseBody(PrivacyRequestSchema, req.body);
    const data = await privacy.exportData(actorOf(req), email);
    res.setHeader('Content-Disposition', `attachment; filename="personal-data-${data.exportedAt.slice(0, 10)}.json"`);
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  router.post('/api/admin/privacy/erase', allow('privacy.manage'), ...adminBodyParsers(ADMIN_BODY_LIMIT), async (req, res) => {
    const { email } = parseBody(PrivacyRequestSchema, req.body);
    res.json(await privacy.erase(actorOf(req), email));
  });

  return router;
}
