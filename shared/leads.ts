/** A stored quote request as the application sees it (the service-specific answers in `details`). */
export interface QuoteRecord {
  id: string;
  service: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  companySize: string | null;
  budget: string | null;
  timeline: string | null;
  startDate: string;
  completionDate: string;
  description: string;
  details: Record<string, string | number>;
  status: string;
  notes: string | null;
  clientIp: string | null;
  createdAt: string;
  submittedAt: string | null;
}

/** A stored contact message. */
export interface ContactRecord {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  message: string;
  status: string;
  notes: string | null;
  clientIp: string | null;
  createdAt: string;
  submittedAt: string | null;
}

/** What a new lead stores: everything but staff notes, which start empty. */
export type NewContact = Omit<ContactRecord, 'notes'>;
export type NewQuote = Omit<QuoteRecord, 'notes'>;

export type NewLead = { type: 'contact'; lead: NewContact } | { type: 'quote'; lead: NewQuote };

/** The captcha solution sent with a lead was already used by another one: the lead is refused. */
export class CaptchaReplayError extends Error {}
/** The Idempotency-Key was stored with an earlier lead: this submission is a retry. */
export class IdempotencyKeyUsedError extends Error {}
/** The request's deadline passed before the commit; the lead was rolled back. */
export class DeadlinePassedError extends Error {}
