import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { type OutboxKind, insertOutboxMessages } from '../../db/queries/outbox.ts';
import type { Logger } from '../core/logger.ts';
import { type PeriodicJob, startPeriodicJob } from '../core/periodic-job.ts';
import type { EmailMessage } from './notifications.ts';

/** What a job that e-mails staff who asked for it needs: the database, the company's clock and the site's address. */
export interface StaffEmailJobOptions {
  db: Db;
  logger: Logger;
  timeZone: string;
  siteUrl: string;
  intervalMs?: number;
}

/**
 * Queues one person's e-mail unless `claim` finds it already sent for this period, by this or another instance: the
 * claim and the e-mail are one transaction, so each person gets each period's e-mail once. True when it was queued.
 */
export async function queueStaffEmailOnce(
  db: Db,
  claim: (trx: Db) => Promise<boolean>,
  email: { kind: OutboxKind; personId: string; payload: EmailMessage },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claim(trx))) return false;
    await insertOutboxMessages(trx, [
      {
        id: randomUUID(),
        kind: email.kind,
        leadType: 'staff',
        leadId: email.personId,
        payload: email.payload,
        createdAt: now.toISOString(),
      },
    ]);
    return true;
  });
}

/** Every instance runs `queue` on the interval; the claims keep it to one e-mail per person and period. */
export function startStaffEmailJob(
  queue: () => Promise<number>,
  options: { logger: Logger; intervalMs: number; queuedLog: string; failure: string },
): PeriodicJob {
  const { logger } = options;
  const run = async () => {
    const queued = await queue();
    if (queued) logger.info({ queued }, options.queuedLog);
  };
  return startPeriodicJob(run, { intervalMs: options.intervalMs, logger, failure: options.failure });
}
