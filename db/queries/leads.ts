import type { Db } from '../database.ts';
import {
  CaptchaReplayError,
  DeadlinePassedError,
  IdempotencyKeyUsedError,
  SPAM_REASONS,
  type ContactRecord,
  type LeadState,
  type NewContact,
  type NewLead,
  type NewQuote,
  type QuoteRecord,
  type SpamReason,
} from '../../shared/leads.ts';
import { CONTACT_FIELDS, QUOTE_COLUMN_FIELDS, fromColumns, toColumns } from '../../shared/lead-fields.ts';
import type { ContactRow, LeadStateColumns, NewContactRow, NewQuoteRow, QuoteRow } from '../types.ts';
import { type NewOutboxMessage, insertOutboxMessages } from './outbox.ts';
import { type UsedCaptchaSolution, recordCaptchaSolutions } from './captcha.ts';
import { type IdempotencyKey, recordIdempotencyKeys } from './idempotency.ts';

/**
 * Tables whose rows belong to a lead, named by (lead_type, lead_id), and go when it is deleted or erased: its
 * notifications, staff's notes, the replies sent to the person, and where the visit that brought it came from.
 */
export const LEAD_BELONGINGS = ['outbox', 'lead_notes', 'lead_replies', 'lead_attributions', 'lead_attribution_pages'] as const;

export interface StoreLeadOptions {
  /** A captcha solution to mark as used in the same transaction. */
  singleUse?: UsedCaptchaSolution | undefined;
  /** Built from the stored lead: the same ids and texts the worker will deliver. */
  outbox: NewOutboxMessage[];
  /** The submission's Idempotency-Key, stored with the lead. */
  idempotencyKey?: IdempotencyKey | undefined;
  /** Aborted when the visitor has been told the request timed out: the lead must then not be committed. */
  signal?: AbortSignal | undefined;
}

export interface LeadWrite {
  lead: NewLead;
  options: StoreLeadOptions;
}

/**
 * The lead, its used captcha solution and its outbox messages in one transaction: either a visitor's
 * submission is stored together with every notification it owes, or nothing is.
 */
export async function storeLead(db: Db, lead: NewLead, options: StoreLeadOptions): Promise<void> {
  await db.transaction().execute((trx) => writeLeads(trx, [{ lead, options }]));
}

/**
 * Leads in one statement per table, in the caller's transaction; throws CaptchaReplayError if a solution was
 * used before, IdempotencyKeyUsedError if a key was, DeadlinePassedError if a request's deadline passed.
 */
export async function writeLeads(db: Db, writes: LeadWrite[]): Promise<void> {
  const solutions = writes.flatMap((w) => (w.options.singleUse ? [w.options.singleUse] : []));
  if ((await recordCaptchaSolutions(db, solutions)) < solutions.length) {
    throw new CaptchaReplayError('captcha solution already used');
  }
  const keys = writes.flatMap((w) => (w.options.idempotencyKey ? [w.options.idempotencyKey] : []));
  if ((await recordIdempotencyKeys(db, keys)) < keys.length) throw new IdempotencyKeyUsedError('idempotency key already used');
  const contacts = writes.flatMap((w) => (w.lead.type === 'contact' ? [contactRow(w.lead.lead)] : []));
  const quotes = writes.flatMap((w) => (w.lead.type === 'quote' ? [quoteRow(w.lead.lead)] : []));
  if (contacts.length) await db.insertInto('contacts').values(contacts).execute();
  if (quotes.length) await db.insertInto('quotes').values(quotes).execute();
  await insertOutboxMessages(
    db,
    writes.flatMap((w) => w.options.outbox),
  );
  // Last moment before the commit: a visitor already told "took too long" will retry, so this lead is dropped.
  if (writes.some((w) => w.options.signal?.aborted)) throw new DeadlinePassedError('deadline passed before commit');
}

/** The columns both kinds of lead store alike beside the visitor's fields, which the catalogue maps to columns. */
function stateColumns(lead: LeadState): LeadStateColumns {
  return {
    id: lead.id,
    status: lead.status,
    spam_reason: lead.spamReason,
    client_ip: lead.clientIp,
    created_at: lead.createdAt,
    submitted_at: lead.submittedAt,
  };
}

function contactRow(c: NewContact): NewContactRow {
  return { ...stateColumns(c), ...toColumns(CONTACT_FIELDS, c) };
}

function quoteRow(q: NewQuote): NewQuoteRow {
  return { ...stateColumns(q), ...toColumns(QUOTE_COLUMN_FIELDS, q), details: JSON.stringify(q.details) };
}

/** The service answers as stored; a value that is not a JSON object reads as none rather than failing the page. */
function parseDetails(json: string): Record<string, string | number> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, string | number>) : {};
  } catch {
    return {};
  }
}

export function toSpamReason(value: string | null): SpamReason | null {
  return (SPAM_REASONS as readonly (string | null)[]).includes(value) ? (value as SpamReason) : null;
}

function leadState(r: LeadStateColumns): LeadState {
  return {
    id: r.id,
    status: r.status,
    spamReason: toSpamReason(r.spam_reason),
    clientIp: r.client_ip,
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
  };
}

export function contactFromRow(r: ContactRow): ContactRecord {
  return { ...leadState(r), ...fromColumns(CONTACT_FIELDS, r) };
}

export function quoteFromRow(r: QuoteRow): QuoteRecord {
  return { ...leadState(r), ...fromColumns(QUOTE_COLUMN_FIELDS, r), details: parseDetails(r.details) };
}
