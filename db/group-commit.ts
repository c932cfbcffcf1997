import type { Db } from './database.ts';
import { DeadlinePassedError, type NewLead } from '../shared/leads.ts';
import { type LeadWrite, type StoreLeadOptions, storeLead, writeLeads } from './queries/leads.ts';

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
        if (options.signal?.aborted) return reject(new DeadlinePassedError('deadline passed before the write'));
        queue.push({ lead, options, resolve, reject });
        if (writing) return;
        writing = true;
        // Wait for the requests already read in this turn of the event loop, so they share the commit.
        setImmediate(() => void drain());
      });
    },
  };
}
