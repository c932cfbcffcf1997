import type { Db } from '../database.ts';
import type { ContactRecord, QuoteRecord } from '../../shared/leads.ts';
import type { ContactRow, NewContactRow, NewQuoteRow, QuoteRow } from '../types.ts';
import { type NewOutboxMessage, insertOutboxMessages } from './outbox.ts';
import { type UsedCaptchaSolution, recordCaptchaSolutions } from './captcha.ts';

/** What a new lead stores: everything but staff notes, which start empty. */
export type NewContact = Omit<ContactRecord, 'notes'>;
export type NewQuote = Omit<QuoteRecord, 'notes'>;

export type NewLead = { type: 'contact'; lead: NewContact } | { type: 'quote'; lead: NewQuote };

export interface StoreLeadOptions {
  /** A captcha solution to mark as used in the same transaction. */
  singleUse?: UsedCaptchaSolution | undefined;
  /** Built from the stored lead: the same ids and texts the worker will deliver. */
  outbox: NewOutboxMessage[];
}

export class CaptchaReplayError extends Error {}

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

/** Leads in one statement per table, in the caller's transaction; throws CaptchaReplayError if a solution was used before. */
async function writeLeads(db: Db, writes: LeadWrite[]): Promise<void> {
  const solutions = writes.flatMap((w) => (w.options.singleUse ? [w.options.singleUse] : []));
  if ((await recordCaptchaSolutions(db, solutions)) < solutions.length) {
    throw new CaptchaReplayError('captcha solution already used');
  }
  const contacts = writes.flatMap((w) => (w.lead.type === 'contact' ? [contactRow(w.lead.lead)] : []));
  const quotes = writes.flatMap((w) => (w.lead.type === 'quote' ? [quoteRow(w.lead.lead)] : []));
  if (contacts.length) await db.insertInto('contacts').values(contacts).execute();
  if (quotes.length) await db.insertInto('quotes').values(quotes).execute();
  await insertOutboxMessages(db, writes.flatMap((w) => w.options.outbox));
}

export interface LeadStore {
  /** Resolves once the lead is committed with its outbox messages; rejects when it was not stored. */
  store(lead: NewLead, options: StoreLeadOptions): Promise<void>;
}

/** Leads per transaction; more wait for the next. Keeps each statement far below the engines' parameter limits. */
const MAX_BATCH = 100;

/**
 * Group commit: leads that arrive while the event loop is busy are written together in one transaction, each
 * still all-or-nothing with its outbox messages, and each caller hears back only after that commit. A commit
 * costs more than the inserts it holds (pages written to the log, a sync on PostgreSQL), so this is what lets one
 * process take thousands of leads a second. If anything in a batch fails, its leads are written again one
 * transaction each, so one bad or replayed submission fails alone.
 */
export function createLeadStore(db: Db): LeadStore {
  type Pending = LeadWrite & { resolve: () => void; reject: (err: unknown) => void };
  let queue: Pending[] = [];
  let writing = false;

  async function writeBatch(batch: Pending[]): Promise<void> {
    try {
      await db.transaction().execute((trx) => writeLeads(trx, batch));
      for (const item of batch) item.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const item of batch) await storeLead(db, item.lead, item.options).then(item.resolve, item.reject);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(MAX_BATCH);
        await writeBatch(batch);
      }
    } finally {
      writing = false;
    }
  }

  return {
    store(lead, options) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ lead, options, resolve, reject });
        if (writing) return;
        writing = true;
        // Wait for the requests already read in this turn of the event loop, so they share the commit.
        setImmediate(() => void drain());
      });
    },
  };
}

function contactRow(c: NewContact): NewContactRow {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    company: c.company,
    service: c.service,
    message: c.message,
    status: c.status,
    notes: null,
    client_ip: c.clientIp,
    created_at: c.createdAt,
    submitted_at: c.submittedAt,
  };
}

function quoteRow(q: NewQuote): NewQuoteRow {
  return {
    id: q.id,
    service: q.service,
    name: q.name,
    email: q.email,
    company: q.company,
    phone: q.phone,
    company_size: q.companySize,
    budget: q.budget,
    timeline: q.timeline,
    start_date: q.startDate,
    completion_date: q.completionDate,
    description: q.description,
    details: JSON.stringify(q.details),
    status: q.status,
    notes: null,
    client_ip: q.clientIp,
    created_at: q.createdAt,
    submitted_at: q.submittedAt,
  };
}

export function contactFromRow(r: ContactRow): ContactRecord {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    service: r.service,
    message: r.message,
    status: r.status,
    notes: r.notes,
    clientIp: r.client_ip,
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
  };
}

export function quoteFromRow(r: QuoteRow): QuoteRecord {
  return {
    id: r.id,
    service: r.service,
    name: r.name,
    email: r.email,
    company: r.company,
    phone: r.phone,
    companySize: r.company_size,
    budget: r.budget,
    timeline: r.timeline,
    startDate: r.start_date,
    completionDate: r.completion_date,
    description: r.description,
    details: JSON.parse(r.details) as Record<string, string | number>,
    status: r.status,
    notes: r.notes,
    clientIp: r.client_ip,
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
  };
}
