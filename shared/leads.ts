import type { CONTACT_FIELDS, QUOTE_COLUMN_FIELDS } from './lead-fields.ts';
import { type FieldValues } from './lead-fields.ts';
/**
 * Why a lead was stored as spam when it arrived: the hidden honeypot field had text, or the form was sent sooner
 * after it opened than a person can fill it in (MIN_FILL_MS). Such a lead sent no notifications; staff who mark
 * it "not spam" send them then. A lead staff mark as spam themselves has no reason: its notifications went.
 */
export const SPAM_REASONS = ['honeypot', 'too-fast'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** What a stored lead of either kind has beside the visitor's fields: where staff are with it, when and from where it came. */
export interface LeadState {
  id: string;
  status: string;
  spamReason: SpamReason | null;
  clientIp: string | null;
  createdAt: string;
  submittedAt: string | null;
}

/** A stored quote request: the fields of the catalogue (shared/lead-fields.ts), and the service's own answers in `details`. */
export type QuoteRecord = LeadState & FieldValues<typeof QUOTE_COLUMN_FIELDS> & { details: Record<string, string | number> };

/** A stored contact message: the fields of the catalogue. */
export type ContactRecord = LeadState & FieldValues<typeof CONTACT_FIELDS>;

/** What a new lead stores (staff notes are a history of their own, in `lead_notes`). */
export type NewContact = ContactRecord;
export type NewQuote = QuoteRecord;

export type NewLead = { type: 'contact'; lead: NewContact } | { type: 'quote'; lead: NewQuote };
/** A lead as stored, of either kind. */
export type StoredLead = NewLead;

/** The captcha solution sent with a lead was already used by another one: the lead is refused. */
export class CaptchaReplayError extends Error {}
/** The Idempotency-Key was stored with an earlier lead: this submission is a retry. */
export class IdempotencyKeyUsedError extends Error {}
/** The request's deadline passed before the commit; the lead was rolled back. */
export class DeadlinePassedError extends Error {}
