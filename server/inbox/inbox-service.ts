import type { Db } from '../../db/database.ts';
import { NO_WORK, deleteLeadRow, findLead, findLeadWork, summaryOf, updateLeadStatus } from '../../db/queries/admin-leads.ts';
import { listLeadReplies } from '../../db/queries/lead-replies.ts';
import { followUpEmailChosen, setFollowUpEmail } from '../../db/queries/follow-ups.ts';
import { listOutboxForLead, requeueOutbox } from '../../db/queries/outbox.ts';
import { insertLeadNote, listLeadNotes } from '../../db/queries/lead-notes.ts';
import { type OutboxEntry, insertOutboxMessages } from '../../db/queries/outbox.ts';
import {
  LEAD_TRANSITIONS,
  type LeadDetail,
  type LeadFilter,
  type LeadPage,
  type LeadType,
  type NotificationState,
  type AuditPage,
  type AuditQuery,
  type DashboardData,
  type Assignee,
} from '../../shared/admin.ts';
import { ADMIN_MESSAGES, INBOX_MESSAGES } from '../../shared/admin-texts.ts';
import { leadLines, withServiceNamed } from '../../shared/quote-fields.ts';
import type { ServiceNames } from '../../shared/lead-fields.ts';
import type { LeadUpdate } from '../../shared/schemas/admin-leads.ts';
import type { FollowUp, LeadReplyInput, SavedReplyInput } from '../../shared/schemas/lead-work.ts';
import type { SavedReply } from '../../shared/saved-replies.ts';
import { listSavedReplies } from '../../db/queries/saved-replies.ts';
import { removeSavedReply, saveSavedReply } from './saved-replies.ts';
import { type LeadWorker, assignLead, assignableStaff, sendReply, setLeadFollowUp } from './lead-work.ts';
import { AppError } from '../core/errors.ts';
import { type Actor, listAuditPage, recordAudit, withAudit } from '../audit/audit-log.ts';
import { leadNotifications } from '../outbox/notifications.ts';
import type { SettingsReader } from '../settings/settings-service.ts';
import { type DeliverySettings, getDashboard } from './dashboard.ts';
import { exportLeadsCsv } from './lead-export.ts';
import { mergedPage } from './lead-list.ts';
import { encodeCursor } from '../../shared/cursor.ts';
import { cursorParam } from '../core/keyset-cursor.ts';

export const LEADS_PAGE_SIZE = 25;

async function listLeads(db: Db, filter: LeadFilter, cursor: string | undefined, timeZone: string): Promise<LeadPage> {
  const { items, next } = await mergedPage(db, filter, timeZone, LEADS_PAGE_SIZE, cursorParam(cursor));
  return { leads: items, nextCursor: next && encodeCursor(next) };
}

function toNotification(entry: OutboxEntry): NotificationState {
  return {
    id: entry.id,
    kind: entry.kind,
    status: entry.deliveredAt ? 'delivered' : entry.status,
    attempts: entry.attempts,
    lastError: entry.lastError,
    deliveredAt: entry.deliveredAt,
    nextAttemptAt: entry.nextAttemptAt,
  };
}

/** One lead with every field under a readable label, its note history and its notifications' delivery state. */
async function readLead(db: Db, type: LeadType, id: string): Promise<LeadDetail | null> {
  const lead = await findLead(db, type, id);
  if (!lead) return null;
  const [notes, outbox, work, replies] = await Promise.all([
    listLeadNotes(db, type, [id]),
    listOutboxForLead(db, type, id),
    findLeadWork(db, type, id),
    listLeadReplies(db, type, id),
  ]);
  return {
    ...summaryOf(lead, work),
    fields: leadLines(lead),
    notes: notes.map(({ leadId: _leadId, ...note }) => note),
    submittedAt: lead.lead.submittedAt,
    notifications: outbox.map(toNotification),
    replies,
  };
}

function leadTarget(type: LeadType, id: string): string {
  return `${type}:${id}`;
}

/**
 * Moves a lead along the workflow, audited. A lead stored as spam on arrival owes its notifications: marking it
 * not spam queues them (through the outbox, in the same transaction) and clears its spam reason. The row changes
 * only if its status is still the one read, so two staff releasing it at once cannot send them twice.
 */
async function updateLead(
  db: Db,
  actor: Actor,
  type: LeadType,
  id: string,
  patch: LeadUpdate,
  delivery: DeliverySettings & { timeZone: string; serviceNames: ServiceNames },
  settings: SettingsReader,
): Promise<LeadDetail> {
  const stored = await findLead(db, type, id);
  if (!stored) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
  const from = summaryOf(stored, NO_WORK).status;
  const to = patch.status;
  if (to === undefined || to === from) return (await readLead(db, type, id))!;
  if (!LEAD_TRANSITIONS[from].includes(to)) throw new AppError('INVALID_ARGUMENT', ADMIN_MESSAGES.statusNotAllowed);
  const release = from === 'spam' && stored.lead.spamReason !== null;
  // Read before the transaction: the acknowledgement is signed with the company details in force.
  const company = release ? await settings.current() : null;
  await db.transaction().execute(async (trx) => {
    const outcome = { wonValue: to === 'won' ? patch.value! : null, lostReason: to === 'lost' ? (patch.lostReason ?? null) : null };
    const changed = await updateLeadStatus(trx, type, id, { from, to, clearSpamReason: release, ...outcome });
    if (!changed) throw new AppError('ABORTED', INBOX_MESSAGES.leadChangedMeanwhile);
    const at = new Date().toISOString();
    await insertLeadNote(trx, { type, id }, actor, { change: { from, to }, at });
    if (!release) {
      await recordAudit(trx, actor, 'lead.status', `${leadTarget(type, id)} ${from} → ${to}`);
      return;
    }
    const messages = leadNotifications(stored, { ...delivery, company: company!, acknowledge: true, queuedAt: at });
    await insertOutboxMessages(trx, messages);
    await recordAudit(trx, actor, 'lead.not_spam', `${leadTarget(type, id)} ${from} → ${to}, ${messages.length} notifications queued`);
  });
  return (await readLead(db, type, id))!;
}

/** Adds a note to the lead's history (never edits one), with its audit entry. */
async function addNote(db: Db, actor: Actor, type: LeadType, id: string, body: string): Promise<LeadDetail> {
  await withAudit(
    db,
    actor,
    'lead.note_added',
    async (trx) => {
      if (!(await findLead(trx, type, id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
      await insertLeadNote(trx, { type, id }, actor, { body });
    },
    () => leadTarget(type, id),
  );
  return (await readLead(db, type, id))!;
}

/** Erases a lead (the right to erasure); the audit keeps who and when, not the person's data. */
async function deleteLead(db: Db, actor: Actor, type: LeadType, id: string): Promise<void> {
  await withAudit(
    db,
    actor,
    'lead.deleted',
    async (trx) => {
      if (!(await deleteLeadRow(trx, type, id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.leadNotFound);
    },
    () => leadTarget(type, id),
  );
}

async function retryNotification(db: Db, actor: Actor, outboxId: string): Promise<void> {
  await withAudit(
    db,
    actor,
    'outbox.retried',
    async (trx) => {
      if (!(await requeueOutbox(trx, { id: outboxId }, new Date().toISOString()))) {
        throw new AppError('NOT_FOUND', ADMIN_MESSAGES.notificationGone);
      }
    },
    () => outboxId,
  );
}

/** "Retry all now": every failed notification is due again at once; returns how many. */
function retryAllNotifications(db: Db, actor: Actor): Promise<number> {
  return withAudit(
    db,
    actor,
    'outbox.retried-all',
    (trx) => requeueOutbox(trx, 'failures', new Date().toISOString()),
    (requeued) => `${requeued} notifications`,
  );
}

/** The inbox: staff work the leads (list, read, move along the workflow, erase, export) and see the dashboard. */
export interface InboxService {
  list(filter: LeadFilter, cursor?: string): Promise<LeadPage>;
  get(type: LeadType, id: string): Promise<LeadDetail | null>;
  /** Changes status along the workflow, audited; "not spam" on a lead held on arrival sends its notifications. */
  update(actor: Actor, type: LeadType, id: string, patch: LeadUpdate): Promise<LeadDetail>;
  /** Adds a note to the lead's history, audited. */
  addNote(actor: Actor, type: LeadType, id: string, body: string): Promise<LeadDetail>;
  /** Erases a lead (the right to erasure); the audit keeps who and when, not the person's data. */
  remove(actor: Actor, type: LeadType, id: string): Promise<void>;
  retryNotification(actor: Actor, outboxId: string): Promise<void>;
  /** "Retry all now": every failed notification is due again at once; returns how many. */
  retryAllNotifications(actor: Actor): Promise<number>;
  /** The filtered list as CSV, streamed in batches; the export is audited. */
  exportCsv(actor: Actor, filter: LeadFilter): AsyncGenerator<string>;
  /** Gives the lead to a staff member or to nobody, audited; the assignee hears by e-mail. */
  assign(actor: LeadWorker, type: LeadType, id: string, assigneeId: string | null): Promise<LeadDetail>;
  /** Queues a reply to the visitor, kept in the lead's history with its delivery state. */
  reply(actor: LeadWorker, type: LeadType, id: string, input: LeadReplyInput): Promise<LeadDetail>;
  /** Sets or clears when to follow the lead up, audited. */
  followUp(actor: Actor, type: LeadType, id: string, followUp: FollowUp): Promise<LeadDetail>;
  /** Turns a person's morning follow-ups e-mail on or off; and whether they chose it. */
  chooseFollowUpEmail(userId: string, enabled: boolean): Promise<void>;
  followUpEmailChosen(userId: string): Promise<boolean>;
  /** Saved replies: listed by name, added or changed (`id` null adds), deleted; each change audited. */
  savedReplies(): Promise<SavedReply[]>;
  saveSavedReply(actor: Actor, id: string | null, input: SavedReplyInput): Promise<SavedReply>;
  deleteSavedReply(actor: Actor, id: string): Promise<void>;
  /** Who a lead can be assigned to: active staff whose role works leads. */
  assignableStaff(): Promise<Assignee[]>;
  /** The dashboard's lead figures for one person (their own leads counted). */
  dashboard(viewerId: string): Promise<DashboardData>;
  /** The audit log, newest first (staff read it from the inbox's menu). */
  auditPage(query: AuditQuery): Promise<AuditPage>;
}

export interface InboxDeps {
  db: Db;
  /** The company's time zone: filter dates and the weekly chart are whole days there. */
  timeZone: string;
  /** Where notifications go and which channels are configured (released spam, the dashboard's delivery state). */
  delivery: DeliverySettings;
  /** The company details a released lead's acknowledgement is signed with. */
  settings: SettingsReader;
  /** Replies one person may send in an hour. */
  repliesPerHour: number;
  /** Each service's name in force (site words): a lead's page, its CSV row and the assignment e-mail call it so. */
  serviceNames?: () => Promise<ServiceNames>;
}

export function createInboxService({
  db,
  timeZone,
  delivery,
  settings,
  repliesPerHour,
  serviceNames = async () => ({}),
}: InboxDeps): InboxService {
  /** The lead as its page shows it: the service under its name in force. */
  async function named<T extends LeadDetail | null>(detail: Promise<T>): Promise<T> {
    const [lead, names] = await Promise.all([detail, serviceNames()]);
    if (!lead) return lead;
    return { ...lead, fields: withServiceNamed(lead.fields, lead.service, names) };
  }
  const getLead = (type: LeadType, id: string) => named(readLead(db, type, id));

  return {
    list: (filter, cursor) => listLeads(db, filter, cursor, timeZone),
    get: (type, id) => getLead(type, id),
    // A lead released from spam sends its notifications now, naming its service as the e-mails of a new lead do.
    update: async (actor, type, id, patch) =>
      named(updateLead(db, actor, type, id, patch, { ...delivery, timeZone, serviceNames: await serviceNames() }, settings)),
    addNote: (actor, type, id, body) => named(addNote(db, actor, type, id, body)),
    remove: (actor, type, id) => deleteLead(db, actor, type, id),
    retryNotification: (actor, outboxId) => retryNotification(db, actor, outboxId),
    retryAllNotifications: (actor) => retryAllNotifications(db, actor),
    exportCsv: async function* (actor, filter) {
      yield* exportLeadsCsv(db, actor, filter, timeZone, await serviceNames());
    },
    assign: async (actor, type, id, assigneeId) => {
      await assignLead(db, actor, type, id, assigneeId, delivery.siteUrl, await serviceNames());
      return (await getLead(type, id))!;
    },
    reply: async (actor, type, id, input) => {
      await sendReply(db, actor, type, id, input, { siteUrl: delivery.siteUrl, repliesPerHour });
      return (await getLead(type, id))!;
    },
    followUp: async (actor, type, id, followUp) => {
      await setLeadFollowUp(db, actor, type, id, followUp);
      return (await getLead(type, id))!;
    },
    chooseFollowUpEmail: (userId, enabled) => setFollowUpEmail(db, userId, enabled),
    followUpEmailChosen: (userId) => followUpEmailChosen(db, userId),
    savedReplies: () => listSavedReplies(db),
    saveSavedReply: (actor, id, input) => saveSavedReply(db, actor, id, input),
    deleteSavedReply: (actor, id) => removeSavedReply(db, actor, id),
    assignableStaff: () => assignableStaff(db),
    dashboard: (viewerId) => getDashboard(db, viewerId, timeZone, delivery),
    auditPage: async (query) => listAuditPage(db, query, timeZone, await serviceNames()),
  };
}
