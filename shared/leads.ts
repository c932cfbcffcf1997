/**
 * Why a lead was stored as spam when it arrived: the hidden honeypot field had text, or the form was sent sooner
 * after it opened than a person can fill it in (MIN_FILL_MS). Such a lead sent no notifications; staff who mark
 * it "not spam" send them then. A lead staff mark as spam themselves has no reason: its notifications went.
 */
export const SPAM_REASONS = ['honeypot', 'too-fast'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** What a stored lead of either kind has: who sent it, where staff are with it, and when and from where it came. */
export interface LeadRecordBase {
  id: string;
  name: string;
  email: string;
  company: string | null;
  status: string;
  spamReason: SpamReason | null;
  clientIp: string | null;
  createdAt: string;
  submittedAt: string | null;
}

/** A stored quote request as the application sees it (the service-specific answers in `details`). */
export interface QuoteRecord extends LeadRecordBase {
  service: string;
  phone: string | null;
  companySize: string | null;
  budget: string | null;
  timeline: string | null;
  startDate: string;
  completionDate: string;
  description: string;
  details: Record<string, string | number>;
}

/** A stored contact message. */
export interface ContactRecord extends LeadRecordBase {
  service: string | null;
  message: string;
}

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
