import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import { LEAD_TYPES, type LeadType } from '../../shared/admin.ts';
import { LeadUpdateSchema, parseLeadFilter } from '../../shared/schemas/admin-leads.ts';
import { requireStaff } from '../auth/require-staff.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { listAuditPage } from '../services/audit.ts';
import { deleteLead, exportLeadsCsv, listLeads, retryNotification, updateLead } from '../services/admin-leads.ts';
import { adminBodyParsers } from './admin-body.ts';
import { actorOf, parseBody } from './admin-request.ts';

function leadType(value: unknown): LeadType {
  if (!(LEAD_TYPES as readonly unknown[]).includes(value)) throw new AppError('NOT_FOUND', 'No such lead type.');
  return value as LeadType;
}

/** The leads inbox's JSON API, its CSV export, notification retries and the audit log. */
export function adminLeadsRouter(db: Db, config: Config): Router {
  const router = Router();
  router.use(['/api/admin/leads', '/api/admin/outbox', '/api/admin/audit', '/admin/leads/export.csv'], requireStaff());

  router.get('/api/admin/leads', async (req, res) => {
    const { cursor, ...filter } = parseLeadFilter(req.query as Record<string, unknown>);
    res.json(await listLeads(db, filter, cursor, config.TIME_ZONE));
  });

  router.get('/admin/leads/export.csv', async (req, res) => {
    const { cursor: _cursor, ...filter } = parseLeadFilter(req.query as Record<string, unknown>);
    const rows = exportLeadsCsv(db, actorOf(req), filter, config.TIME_ZONE);
    const first = await rows.next();
    const day = new Date().toISOString().slice(0, 10);
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="leads-${day}.csv"`);
    // A byte-order mark, so Excel reads the file as UTF-8 (names with accents stay intact).
    res.write(`\uFEFF${first.value ?? ''}`);
    for await (const chunk of rows) res.write(chunk);
    res.end();
  });

  router.patch('/api/admin/leads/:type/:id', ...adminBodyParsers, async (req, res) => {
    const patch = parseBody(LeadUpdateSchema, req.body);
    res.json(await updateLead(db, actorOf(req), leadType(req.params.type), String(req.params.id), patch));
  });

  router.delete('/api/admin/leads/:type/:id', ...adminBodyParsers, async (req, res) => {
    await deleteLead(db, actorOf(req), leadType(req.params.type), String(req.params.id));
    res.status(204).end();
  });

  router.post('/api/admin/outbox/:id/retry', ...adminBodyParsers, async (req, res) => {
    await retryNotification(db, actorOf(req), String(req.params.id));
    res.json({ message: 'The notification will be sent again shortly.' });
  });

  router.get('/api/admin/audit', async (req, res) => {
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
    res.json(await listAuditPage(db, cursor));
  });

  return router;
}
