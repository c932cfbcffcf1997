import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf } from '../http/admin-request.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import { writeSiteExport } from './site-export.ts';

/**
 * "Export site content" (docs/product.md#site-export): a POST with the CSRF token (a link on another site cannot
 * start an audited export), answered with the zip archive as it is written.
 */
export function siteExportRouter(deps: { db: Db; settings: Pick<SettingsService, 'current'>; siteUrl: string }): Router {
  const router = Router();
  router.post('/admin/export.zip', ...adminBodyParsers(ADMIN_BODY_LIMIT), requireStaff(), allow('site.export'), async (req, res) => {
    const settings = await deps.settings.current();
    const now = new Date();
    res.type('application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="site-export-${now.toISOString().slice(0, 10)}.zip"`);
    const counts = await writeSiteExport(deps.db, res, { url: deps.siteUrl, name: settings.name, settings }, now);
    await recordAudit(
      deps.db,
      actorOf(req),
      'site.exported',
      `${counts.posts} posts, ${counts.pages} pages, ${counts.redirects} redirects, ${counts.images} images`,
    );
  });
  return router;
}
