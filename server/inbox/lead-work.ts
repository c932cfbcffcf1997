import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { findLead, findLeadWork, setFollowUp, updateAssignee } from '../../db/queries/admin-leads.ts';
import { insertLeadNote } from '../../db/queries/lead-notes.ts';
import { countRepliesSince, insertLeadReply, replyMessageIds } from '../../db/queries/lead-replies.ts';
import { insertOutboxMessages } from '../../db/queries/outbox.ts';
import { findUserById, listActiveStaffWithRoles } from '../../db/queries/users.ts';
import type { Assignee, LeadType } from '../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { type ServiceNames, serviceName } from '../../shared/lead-fields.ts';
import { ROLES, type Role, can } from '../../shared/roles.ts';
import type { FollowUp, LeadReplyInput } from '../../shared/schemas/lead-work.ts';
import { type Actor, recordAudit, withAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import { type EmailMessage, adminLeadUrl, paragraphsHtml, typedTextHtml } from '../outbox/notifications.ts';

/** A staff member working a lead: who they are and what their role allows. */
export type LeadWorker = Actor & { userId: string; email: string; role: Role };

/** The roles whose people may be given leads: those who may take one (docs/product.md#lead-work). */
const ASSIGNEE_ROLES = ROLES.filter((role) => can(role, 'leads.assign'));

/** The active staff a lead can be assigned to, by name. */
export async function assignableStaff(db: Db): Promise<Assignee[]> {
  return (await listActiveStaffWithRoles(db, ASSIGNEE_ROLES)).map(({ id, name }) => ({ id, name }));
}

const leadTarget = (type: LeadType, id: string) => `${type}:${id}`;

/**
 * Gives a lead to a staff member (or to nobody), with its history entry, audit entry and, for someone other than
 * the person assigning, an e-mail through the outbox, in one transaction. Sales may take a lead nobody has; only a
 * role with `leads.assign-any` moves a lead between people or takes it from someone.
 */
export async function assignLead(
  db: Db,
  actor: LeadWorker,
  type: LeadType,
  id: string,
  assigneeId: string | null,
  siteUrl: string,
  names?: ServiceNames,
): Promise<void> {
  const stored = await findLead(db, type, id);
  if (!stored) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
  const current = (await findLeadWork(db, type, id)).assignee;
  if ((current?.id ?? null) === assigneeId) return;
  if (!can(actor.role, 'leads.assign-any') && (current !== null || assigneeId !== actor.userId)) {
    throw new AppError('PERMISSION_DENIED', LEAD_WORK_MESSAGES.onlyTakeUnassigned);
  }
  const assignee = assigneeId === null ? null : await findUserById(db, assigneeId);
  if (assigneeId !== null && (!assignee || assignee.deactivatedAt || !can(assignee.role, 'leads.assign'))) {
    throw new AppError('INVALID_ARGUMENT', LEAD_WORK_MESSAGES.notAssignable);
  }
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await updateAssignee(trx, type, id, { from: current?.id ?? null, to: assigneeId }))) {
      throw new AppError('ABORTED', LEAD_WORK_MESSAGES.leadAssignedMeanwhile);
    }
    const assignment = assignee
      ? { kind: 'assigned' as const, assignee: assignee.name }
      : { kind: 'unassigned' as const, assignee: current!.name };
    await insertLeadNote(trx, { type, id }, actor, { assignment, at });
    await recordAudit(trx, actor, 'lead.assigned', leadTarget(type, id));
    if (!assignee || assignee.id === actor.userId) return;
    const by = (await findUserById(trx, actor.userId))?.name ?? actor.email;
    const service = serviceName(stored.lead.service, names);
    const link = adminLeadUrl(siteUrl, type, id);
    const text = LEAD_WORK_MESSAGES.assignmentEmail.body(assignee.name, by, stored.lead.name, service, link);
    const payload: EmailMessage = {
      to: assignee.email,
      subject: LEAD_WORK_MESSAGES.assignmentEmail.subject(stored.lead.name, service),
      text,
      html: paragraphsHtml(text, link),
    };
    await insertOutboxMessages(trx, [{ id: randomUUID(), kind: 'assignment-email', leadType: type, leadId: id, payload, createdAt: at }]);
  });
}

export interface ReplySettings {
  siteUrl: string;
  repliesPerHour: number;
}

/**
 * Queues a reply to the visitor through the outbox, from the site's address with Reply-To the staff member, so
 * the answer reaches them; its Message-ID, and the earlier replies' as In-Reply-To and References, thread the
 * conversation in the visitor's mail program. The reply, its outbox row and the audit entry are one transaction.
 */
export async function sendReply(
  db: Db,
  actor: LeadWorker,
  type: LeadType,
  id: string,
  input: LeadReplyInput,
  settings: ReplySettings,
): Promise<void> {
  const stored = await findLead(db, type, id);
  if (!stored) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
  if (stored.lead.status === 'spam' && !input.confirmSpam) throw new AppError('INVALID_ARGUMENT', LEAD_WORK_MESSAGES.spamNotConfirmed);
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  if ((await countRepliesSince(db, actor.userId, hourAgo)) >= settings.repliesPerHour) {
    throw new AppError('RESOURCE_EXHAUSTED', LEAD_WORK_MESSAGES.tooManyReplies(settings.repliesPerHour));
  }
  const at = new Date().toISOString();
  const messageId = `<${randomUUID()}@${new URL(settings.siteUrl).hostname}>`;
  await db.transaction().execute(async (trx) => {
    const earlier = await replyMessageIds(trx, type, id);
    const payload: EmailMessage = {
      to: stored.lead.email,
      subject: input.subject,
      text: input.body,
      html: typedTextHtml(input.body),
      replyTo: actor.email,
      messageId,
      ...(earlier.length ? { inReplyTo: earlier.at(-1)!, references: earlier } : {}),
    };
    const outboxId = randomUUID();
    await insertOutboxMessages(trx, [{ id: outboxId, kind: 'lead-reply', leadType: type, leadId: id, payload, createdAt: at }]);
    await insertLeadReply(trx, {
      id: randomUUID(),
      leadType: type,
      leadId: id,
      authorId: actor.userId,
      author: actor.email,
      subject: input.subject,
      body: input.body,
      messageId,
      outboxId,
      createdAt: at,
    });
    await recordAudit(trx, actor, 'lead.replied', leadTarget(type, id));
  });
}

/** Sets or clears when to follow a lead up, audited. */
export async function setLeadFollowUp(db: Db, actor: Actor, type: LeadType, id: string, followUp: FollowUp): Promise<void> {
  await withAudit(
    db,
    actor,
    'lead.follow_up',
    async (trx) => {
      if (!(await setFollowUp(trx, type, id, followUp))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
    },
    () => leadTarget(type, id),
  );
}
