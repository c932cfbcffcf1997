/**
 * Subject access and erasure (Australian Privacy Principles 12 and 13, and erasure on request): the types
 * the admin's privacy page and its API share. Dates are ISO-8601 strings.
 */

import type { ContactRecord, QuoteRecord } from './leads.ts';

/** A notification about one of the person's leads: what it said and whether it went out. */
export interface ExportedNotification {
  id: string;
  kind: string;
  leadType: string;
  leadId: string;
  status: string;
  createdAt: string;
  deliveredAt: string | null;
  message: unknown;
}

/** An audit entry that names the person; the staff member's own details are left out unless it is them. */
export interface ExportedAuditEntry {
  action: string;
  description: string;
  target: string | null;
  actor: string | null;
  ip: string | null;
  createdAt: string;
}

/** A staff note on one of the person's leads (the staff member's name is theirs, and left out). */
export interface ExportedNote {
  leadType: string;
  leadId: string;
  body: string;
  createdAt: string;
}

export interface PersonalDataExport {
  email: string;
  exportedAt: string;
  quotes: QuoteRecord[];
  contacts: ContactRecord[];
  notifications: ExportedNotification[];
  notes: ExportedNote[];
  /** What staff wrote to the person from the lead's page: their text is personal data too. */
  replies: ExportedReply[];
  auditEntries: ExportedAuditEntry[];
}

export interface ExportedReply {
  leadType: string;
  leadId: string;
  subject: string;
  body: string;
  createdAt: string;
}

export interface ErasureResult {
  quotes: number;
  contacts: number;
  notifications: number;
}
