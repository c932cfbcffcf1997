import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { PrivacyRequestSchema } from '../../shared/schemas/privacy.ts';
import { requireStaff } from '../auth/require-staff.ts';
import type { Config } from '../config.ts';
import { privacyHashKey } from '../services/client-ip.ts';
import { erasePersonalData, exportPersonalData } from '../services/privacy.ts';
import { adminBodyParsers } from './admin-body.ts';
import { actorOf, parseBody } from './admin-request.ts';

/** Subject access (a JSON file of everything held about an e-mail address) and erasure, for staff only. */
export function adminPrivacyRouter(db: Db, config: Config): Router {
  const router = Router();
  const hashKey = privacyHashKey(config);
  router.use('/api/admin/privacy', requireStaff());

  router.get('/api/admin/privacy/export', async (req, res) => {
    const { email } = parseBody(PrivacyRequestSchema, req.query);
    const data = await exportPersonalData(db, actorOf(req), email, hashKey);
    res.setHeader('Content-Disposition', `attachment; filename="personal-data-${data.exportedAt.slice(0, 10)}.json"`);
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  router.post('/api/admin/privacy/erase', ...adminBodyParsers, async (req, res) => {
    const { email } = parseBody(PrivacyRequestSchema, req.body);
    res.json(await erasePersonalData(db, actorOf(req), email, hashKey));
  });

  return router;
}
