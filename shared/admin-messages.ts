import type { LeadNote, LeadStatus, LeadStatusFilter, LeadType } from './admin.ts';
import { POSSIBLE_SPAM } from './admin.ts';
import type { PostStatus } from './blog.ts';
import type { SpamReason } from './leads.ts';
import { INBOX_MESSAGES } from './admin-texts.ts';
import { LEAD_WORK_TEXT } from './lead-work-texts.ts';

/*
 * The admin's own words for its values: lead and post statuses, lead types, notification kinds and states, and
 * the audit log (its page, each action's name and each entry as a sentence). Only admin pages and the server read
 * this module, so the visitor's forms do not carry it in their script (docs/product.md#messages).
 */
export const LEAD_TYPE_LABELS: Record<LeadType, string> = { quote: 'Quote request', contact: 'Contact message' };

/** A lead's type inside a sentence: "Email to staff for a quote request", "Exported 3 quote requests". */
export const LEAD_TYPE_NOUNS: Record<LeadType, { one: string; many: string }> = {
  quote: { one: 'quote request', many: 'quote requests' },
  contact: { one: 'contact message', many: 'contact messages' },
};

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

export const POSSIBLE_SPAM_LABEL = 'Possible spam';

/** A lead's status as staff read it: a lead held only for being sent too fast is "possible spam". */
export function leadStatusLabel(lead: { status: LeadStatus; spamReason: SpamReason | null }): string {
  return lead.status === 'spam' && lead.spamReason === 'too-fast' ? POSSIBLE_SPAM_LABEL : LEAD_STATUS_LABELS[lead.status];
}

export const LEAD_STATUS_FILTER_LABELS: Record<LeadStatusFilter, string> = { ...LEAD_STATUS_LABELS, [POSSIBLE_SPAM]: POSSIBLE_SPAM_LABEL };

/** An entry of a lead's history as words: the note, or "Status: New → Contacted". */
export function historyText(entry: LeadNote): string {
  if (entry.change) return INBOX_MESSAGES.statusEntry(LEAD_STATUS_LABELS[entry.change.from], LEAD_STATUS_LABELS[entry.change.to]);
  if (entry.assignment) {
    const by = entry.author ?? INBOX_MESSAGES.noteAuthorUnknown;
    const { kind, assignee } = entry.assignment;
    const words = {
      assigned: LEAD_WORK_TEXT.assignedEntry,
      unassigned: LEAD_WORK_TEXT.unassignedEntry,
      released: LEAD_WORK_TEXT.releasedEntry,
    };
    return words[kind](assignee, by);
  }
  return entry.body;
}

/** What each outbox notification kind is, in staff's words (an unknown kind shows as stored). */
export const NOTIFICATION_LABELS: Record<string, string> = {
  'staff-email': 'Email to staff',
  'customer-email': 'Acknowledgement to the sender',
  webhook: 'Webhook',
  'assignment-email': 'Email to the assignee',
  'lead-reply': 'Reply to the sender',
};

/** Where a notification stands, after its kind: "Email to staff: delivered 22 Nov 2026, 6:03 pm". */
export const NOTIFICATION_STATES: Record<string, string> = {
  pending: 'waiting to be sent',
  delivered: 'delivered',
  failed: 'failed',
};

/** A post's state in the admin's list (the badge). */
export const POST_STATUS_LABELS: Record<PostStatus, string> = { Published: 'Published', Scheduled: 'Scheduled', Draft: 'Draft' };
