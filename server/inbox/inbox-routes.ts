import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { type Request, Router } from 'express';
import { LEAD_TYPES, type LeadType } from '../../shared/admin.ts';
import { LeadNoteSchema, LeadUpdateSchema, parseLeadFilter } from '../../shared/schemas/admin-leads.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import { AppError } from '../core/errors.ts';
import type { InboxService } from './inbox-service.ts';
import type { LeadWorker } from './lead-work.ts';
import {
  FollowUpEmailSchema,
  FollowUpSchema,
  LeadAssignmentSchema,
  LeadReplySchema,
  SavedReplySchema,
} from '../../shared/schemas/lead-work.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { actorOf, parseBody } from '../http/admin-request.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { auditQueryParams } from '../audit/audit-query.ts';
import { localDate } from '../../shared/zoned-time.ts';

function leadType(value: unknown): LeadType {
  if (!(LEAD_TYPES as readonly unknown[]).includes(value)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.noSuchLeadType);
  return value as LeadType;
}

/** The signed-in staff member working a lead (the routes run after requireStaff, so there is one). */
function workerOf(req: Request): LeadWorker {
  const user = req.user!;
  return { ...actorOf(req), userId: user.id, email: user.email, role: user.role };
}

/** The leads inbox's JSON API, its CSV export, notification retries and the audit log. */
export function adminLeadsRouter(inbox: InboxService, timeZone: string): Router {
  const router = Router();
  const body = adminBodyParsers(ADMIN_BODY_LIMIT);
  router.use(
    ['/api/admin/leads', '/api/admin/outbox', '/api/admin/audit', '/api/admin/account/follow-up-email', '/api/admin/saved-replies'],
    requireStaff(),
  );

  router.get('/api/admin/leads', allow('leads.view'), async (req, res) => {
    const { cursor, ...filter } = parseLeadFilter(req.query as Record<string, unknown>);
    res.json(await inbox.list(filter, cursor));
  });

  // A POST with the CSRF token (the leads page's form): the export writes an audit entry under the staff
  // member's name, so a link on another site must not be able to start one.
  router.post('/admin/leads/export.csv', ...body, requireStaff(), allow('leads.export'), async (req, res) => {
    const { cursor: _cursor, ...filter } = parseLeadFilter(req.body as Record<string, unknown>);
    const rows = inbox.exportCsv(actorOf(req), filter);
    const first = await rows.next();
    // Named by the company's date, not UTC's: an export at 9 am in Sydney is that day's.
    const day = localDate(new Date(), timeZone);
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="leads-${day}.csv"`);
    // A byte-order mark, so Excel reads the file as UTF-8 (names with accents stay intact).
    res.write(`\uFEFF${first.value ?? ''}`);
    for await (const chunk of rows) res.write(chunk);
    res.end();
  });

  router.patch('/api/admin/leads/:type/:id', allow('leads.work'), ...body, async (req, res) => {
    const patch = parseBody(LeadUpdateSchema, req.body);
    res.json(await inbox.update(actorOf(req), leadType(req.params.type), String(req.params.id), patch));
  });

  router.post('/api/admin/leads/:type/:id/notes', allow('leads.work'), ...body, async (req, res) => {
    const { body: note } = parseBody(LeadNoteSchema, req.body);
    res.status(201).json(await inbox.addNote(actorOf(req), leadType(req.params.type), String(req.params.id), note));
  });

  // Sales may take a lead nobody has; moving it between people asks for leads.assign-any (checked by the service).
  router.put('/api/admin/leads/:type/:id/assignee', allow('leads.assign'), ...body, async (req, res) => {
    const { assigneeId } = parseBody(LeadAssignmentSchema, req.body);
    res.json(await inbox.assign(workerOf(req), leadType(req.params.type), String(req.params.id), assigneeId));
  });

  router.put('/api/admin/leads/:type/:id/follow-up', allow('leads.work'), ...body, async (req, res) => {
    const followUp = parseBody(FollowUpSchema, req.body);
    res.json(await inbox.followUp(actorOf(req), leadType(req.params.type), String(req.params.id), followUp));
  });

  router.post('/api/admin/leads/:type/:id/replies', allow('leads.reply'), ...body, async (req, res) => {
    const reply = parseBody(LeadReplySchema, req.body);
    res.status(201).json(await inbox.reply(workerOf(req), leadType(req.params.type), String(req.params.id), reply));
  });

  router.delete('/api/admin/leads/:type/:id', allow('leads.delete'), ...body, async (req, res) => {
    await inbox.remove(actorOf(req), leadType(req.params.type), String(req.params.id));
    res.status(204).end();
  });

  router.post('/api/admin/outbox/retry', allow('leads.work'), ...body, async (req, res) => {
    const requeued = await inbox.retryAllNotifications(actorOf(req));
    res.json({ requeued, message: ADMIN_MESSAGES.notificationsRequeued(requeued) });
  });

  router.post('/api/admin/outbox/:id/retry', allow('leads.work'), ...body, async (req, res) => {
    await inbox.retryNotification(actorOf(req), String(req.params.id));
    res.json({ message: ADMIN_MESSAGES.notificationRequeued });
  });

  // The morning e-mail of one's follow-ups due is for those who see leads.
  router.put('/api/admin/account/follow-up-email', allow('leads.view'), ...body, async (req, res) => {
    const { enabled } = parseBody(FollowUpEmailSchema, req.body);
    await inbox.chooseFollowUpEmail(req.user!.id, enabled);
    res.json({ enabled, message: enabled ? LEAD_WORK_MESSAGES.followUpEmail.on : LEAD_WORK_MESSAGES.followUpEmail.off });
  });

  router.get('/api/admin/saved-replies', allow('leads.reply'), async (_req, res) => {
    res.json({ savedReplies: await inbox.savedReplies() });
  });

  router.post('/api/admin/saved-replies', allow('leads.reply'), ...body, async (req, res) => {
    const reply = await inbox.saveSavedReply(actorOf(req), null, parseBody(SavedReplySchema, req.body));
    res.status(201).json({ savedReply: reply, message: LEAD_WORK_MESSAGES.savedReplySaved(reply.name) });
  });

  router.put('/api/admin/saved-replies/:id', allow('leads.reply'), ...body, async (req, res) => {
    const reply = await inbox.saveSavedReply(actorOf(req), String(req.params.id), parseBody(SavedReplySchema, req.body));
    res.json({ savedReply: reply, message: LEAD_WORK_MESSAGES.savedReplySaved(reply.name) });
  });

  router.delete('/api/admin/saved-replies/:id', allow('leads.reply'), ...body, async (req, res) => {
    await inbox.deleteSavedReply(actorOf(req), String(req.params.id));
    res.status(204).end();
  });

  router.get('/api/admin/audit', allow('audit.view'), async (req, res) => {
    res.json(await inbox.auditPage(auditQueryParams(req.query)));
  });

  return router;
}
