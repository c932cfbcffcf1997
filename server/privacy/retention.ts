import type { Db } from '../../db/database.ts';
import { deleteLeadsCreatedBefore } from '../../db/queries/privacy.ts';
import { UNUSED_IMAGE_DAYS } from '../../shared/images.ts';
import { HOUR_MS } from '../../shared/zoned-time.ts';
import { PRIVACY_REQUEST_TEXT } from '../../shared/admin-texts.ts';
import type { Logger } from '../core/logger.ts';
import { type PeriodicJob, startPeriodicJob } from '../core/periodic-job.ts';
import { SYSTEM_ACTOR, recordAudit } from '../audit/audit-log.ts';
import { purgeUnusedImages } from '../media/image-retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeResult {
  quotes: number;
  contacts: number;
  notifications: number;
}

/**
 * Deletes quotes and contacts created more than `days` days before `now`, with their notifications, in one
 * transaction (Australian Privacy Principle 11.2: personal information no longer needed is destroyed).
 * Logs and audits counts only, never whose data it was.
 */
export async function purgeExpiredLeads(db: Db, logger: Logger, days: number, now: Date): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db.transaction().execute(async (trx) => {
    const deleted = await deleteLeadsCreatedBefore(trx, cutoff);
    const counts = { quotes: deleted.quotes, contacts: deleted.contacts, notifications: deleted.outbox };
    // The run acts on its own behalf (the log names it "system"); one that found nothing would only bury the log.
    if (counts.quotes || counts.contacts) {
      await recordAudit(trx, SYSTEM_ACTOR, 'leads.purged', PRIVACY_REQUEST_TEXT.purgedEntry(PRIVACY_REQUEST_TEXT.counts(counts), days));
    }
    return counts;
  });
  logger.info({ ...result, retentionDays: days }, 'lead retention: purged leads past the retention period');
  return result;
}

export interface RetentionJobOptions {
  db: Db;
  logger: Logger;
  /** Unset: leads are kept until staff delete them. */
  days: number | undefined;
  /** How long an image nothing uses is kept (UNUSED_IMAGE_DAYS unless configured). */
  unusedImageDays?: number;
  intervalMs?: number;
  /** The clock, injectable for tests. */
  now?: () => Date;
}

/**
 * Runs the purges at start and then every hour (each instance may run them: deleting is idempotent): leads past
 * LEAD_RETENTION_DAYS when it is set, and uploaded images nothing has used for UNUSED_IMAGE_DAYS.
 */
export function startRetentionJob(options: RetentionJobOptions): PeriodicJob {
  const { db, logger, days, unusedImageDays = UNUSED_IMAGE_DAYS } = options;
  const now = options.now ?? (() => new Date());
  const purge = async (at: Date) => {
    if (days !== undefined) await purgeExpiredLeads(db, logger, days, at);
    await purgeUnusedImages(db, logger, unusedImageDays, at);
  };
  return startPeriodicJob(() => purge(now()), {
    intervalMs: options.intervalMs ?? HOUR_MS,
    logger,
    failure: 'retention: purge failed; will try again',
  });
}
