import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { deleteLeadsByEmail, findHeldData } from '../../db/queries/privacy.ts';
import type { OutboxEntry } from '../../db/queries/outbox.ts';
import type { AuditEntry } from '../../shared/admin.ts';
import { AUDIT_TEXT } from '../../shared/audit-texts.ts';
import { PRIVACY_REQUEST_TEXT } from '../../shared/admin-texts.ts';
import type { ErasureResult, ExportedAuditEntry, ExportedNotification, PersonalDataExport } from '../../shared/privacy.ts';
import { type Actor, recordAudit, withAudit } from '../audit/audit-log.ts';

/**
 * A stable, keyed stand-in for an e-mail address in the audit log: privacy actions can be traced to the same
 * person later without the log keeping the address itself (which erasure must remove).
 */
export function emailReference(email: string, hashKey: string): string {
  return `email#${createHmac('sha256', hashKey).update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the notification said and whether it went out; delivery internals (errors, locks) are not theirs. */
function toNotification(r: OutboxEntry): ExportedNotification {
  return {
    id: r.id,
    kind: r.kind,
    leadType: r.leadType,
    leadId: r.leadId,
    status: r.deliveredAt ? 'delivered' : r.status,
    createdAt: r.createdAt,
    deliveredAt: r.deliveredAt,
    message: parseJson(r.payload),
  };
}

/** Staff who appear in an entry about the person keep their own address and IP out of the person's copy. */
function toAuditEntry(r: AuditEntry, email: string): ExportedAuditEntry {
  const isTheirOwn = r.actor?.toLowerCase() === email.toLowerCase();
  return {
    action: r.action,
    description: AUDIT_TEXT.actions[r.action as keyof typeof AUDIT_TEXT.actions] ?? r.action,
    target: r.target,
    actor: isTheirOwn ? r.actor : null,
    ip: isTheirOwn ? r.ip : null,
    createdAt: r.createdAt,
  };
}

/** Everything held about an e-mail address (subject access, APP 12); the export itself is audited. */
async function exportPersonalData(db: Db, actor: Actor, email: string, hashKey: string): Promise<PersonalDataExport> {
  const reference = emailReference(email, hashKey);
  const held = await findHeldData(db, email, reference);
  await recordAudit(db, actor, 'privacy.exported', reference);
  return {
    email,
    exportedAt: new Date().toISOString(),
    quotes: held.quotes,
    contacts: held.contacts,
    notifications: held.outbox.map(toNotification),
    notes: held.notes.map(({ leadType, leadId, body, createdAt }) => ({ leadType, leadId, body, createdAt })),
    replies: held.replies.map(({ leadType, leadId, subject, body, createdAt }) => ({ leadType, leadId, subject, body, createdAt })),
    auditEntries: held.audit.map((r) => toAuditEntry(r, email)),
  };
}

/**
 * Erases every quote and contact sent with an e-mail address, and their notifications, in one transaction.
 * The audit entry keeps who, when and how much, with the keyed reference instead of the address.
 */
async function erasePersonalData(db: Db, actor: Actor, email: string, hashKey: string): Promise<ErasureResult> {
  return withAudit(
    db,
    actor,
    'privacy.erased',
    async (trx) => {
      const deleted = await deleteLeadsByEmail(trx, email);
      return { quotes: deleted.quotes, contacts: deleted.contacts, notifications: deleted.outbox };
    },
    (result) => PRIVACY_REQUEST_TEXT.erasedEntry(emailReference(email, hashKey), PRIVACY_REQUEST_TEXT.counts(result)),
  );
}

/** Subject access and erasure (Australian Privacy Principles 12 and 13), for staff. */
export interface PrivacyService {
  /** Everything held about an e-mail address; the export itself is audited. */
  exportData(actor: Actor, email: string): Promise<PersonalDataExport>;
  /** Erases every lead sent with the address, with its notifications, in one transaction with its audit entry. */
  erase(actor: Actor, email: string): Promise<ErasureResult>;
}

export interface PrivacyServiceDeps {
  db: Db;
  /** Keys the e-mail references written to the audit log instead of the address. */
  hashKey: string;
}

export function createPrivacyService({ db, hashKey }: PrivacyServiceDeps): PrivacyService {
  return {
    exportData: (actor, email) => exportPersonalData(db, actor, email, hashKey),
    erase: (actor, email) => erasePersonalData(db, actor, email, hashKey),
  };
}
