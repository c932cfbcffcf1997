import { Router } from 'express';
import { REDIRECT_MESSAGES } from '../../shared/redirect-messages.ts';
import { RedirectCsvSchema, RedirectSchema } from '../../shared/schemas/redirects.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import type { RedirectService } from './redirect-service.ts';

/** The redirects' JSON API and CSV (docs/product.md#redirects); Owner and Administrators (`redirects.manage`). */
export function adminRedirectsRouter(redirects: RedirectService): Router {
  const router = Router();
  const body = adminBodyParsers(ADMIN_BODY_LIMIT);
  const csvBody = adminBodyParsers('1200kb');
  router.use('/api/admin/redirects', requireStaff());

  router.get('/api/admin/redirects', allow('redirects.manage'), async (_req, res) => {
    res.json({ redirects: await redirects.list() });
  });

  router.post('/api/admin/redirects', allow('redirects.manage'), ...body, async (req, res) => {
    const redirect = await redirects.add(actorOf(req), parseBody(RedirectSchema, req.body));
    res.status(201).json({ redirect, message: REDIRECT_MESSAGES.added(redirect.from, redirect.to) });
  });

  router.put('/api/admin/redirects/:id', allow('redirects.manage'), ...body, async (req, res) => {
    const redirect = await redirects.update(actorOf(req), String(req.params.id), parseBody(RedirectSchema, req.body));
    res.json({ redirect, message: REDIRECT_MESSAGES.saved(redirect.from, redirect.to) });
  });

  router.delete('/api/admin/redirects/:id', allow('redirects.manage'), ...body, async (req, res) => {
    const redirect = await redirects.remove(actorOf(req), String(req.params.id));
    res.json({ message: REDIRECT_MESSAGES.deleted(redirect.from) });
  });

  router.get('/api/admin/redirects/export.csv', allow('redirects.manage'), async (_req, res) => {
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="redirects.csv"');
    res.send(await redirects.exportCsv());
  });

  router.post('/api/admin/redirects/import', allow('redirects.manage'), ...csvBody, async (req, res) => {
    const result = await redirects.importCsv(actorOf(req), parseBody(RedirectCsvSchema, req.body).csv);
    res.json({ ...result, message: REDIRECT_MESSAGES.csvImported(result.added, result.unchanged) });
  });

  return router;
}
