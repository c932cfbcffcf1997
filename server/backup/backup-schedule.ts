/**
 * When the off-site backup runs, and on which instance (docs/operations.md#off-site-backups). Every instance looks
 * a few times an interval; the one that claims the due job (db/queries/backup-jobs.ts) runs it under a lease it
 * renews, then records the outcome and the next due time, so exactly one instance uploads each time. A failure is
 * tried again after 30 s, 1 min, 2 min … at most one interval; the work is all off the event loop (a worker thread,
 * streams, the network), so requests never wait for it.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type BackupJob,
  bringUploadForward,
  claimBackupJob,
  readBackupJobs,
  recordBackupOutcome,
  releaseBackupJob,
  renewBackupJob,
} from '../../db/queries/backup-jobs.ts';
import type { Logger } from '../core/logger.ts';
import { storeRefusal } from './object-store.ts';
import type { OffsiteBackup } from './offsite-backup.ts';

/** The first lead after an interval without any is uploaded within this long (a quiet day's first lead). */
export const FIRST_LEAD_UPLOAD_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LEASE_MS = 10 * 60_000;

export interface BackupScheduleOptions {
  db: Db;
  backup: OffsiteBackup;
  logger: Logger;
  /** BACKUP_EVERY and BACKUP_VERIFY_EVERY. */
  everyMs: number;
  verifyEveryMs: number;
  now?: () => number;
}

export interface BackupSchedule {
  /** A lead was stored (at `createdAt`): the first after an interval without leads brings the next upload forward. */
  leadStored(createdAt: string): void;
  /** Stops looking, aborts a run in progress and gives its job back for another instance. */
  stop(): Promise<void>;
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { db, backup, logger, everyMs, verifyEveryMs } = options;
  const now = options.now ?? Date.now;
  const token = randomUUID();
  const shutdown = new AbortController();
  // Looks a few times an interval, so a due job starts soon after it is due (never less often than every 15 s).
  const lookEveryMs = Math.max(250, Math.min(everyMs / 4, 15_000));
  const iso = (ms: number) => new Date(ms).toISOString();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let lastNudge = 0;

  /** Runs the job if this instance can claim it; true when it ran and succeeded. */
  async function runJob(job: BackupJob, work: () => Promise<string>, intervalMs: number): Promise<boolean> {
    if (!(await claimBackupJob(db, job, token, iso(now()), iso(now() + LEASE_MS)))) return false;
    const renewal = setInterval(() => {
      renewBackupJob(db, job, token, iso(now() + LEASE_MS)).catch((err: unknown) =>
        logger.warn({ err, job }, 'could not renew the backup lease'),
      );
    }, LEASE_MS / 3).unref();
    try {
      const snapshot = await work();
      await recordBackupOutcome(db, job, { ok: true, at: iso(now()), snapshot, nextDueAt: iso(now() + intervalMs) }, token);
      logger.info({ job, snapshot }, job === 'upload' ? 'off-site backup uploaded' : 'off-site backup verified');
      return true;
    } catch (err) {
      if (shutdown.signal.aborted) {
        await releaseBackupJob(db, job, token);
        return false;
      }
      const failures = (await readBackupJobs(db)).find((j) => j.job === job)?.failures ?? 0;
      const retryMs = Math.min(intervalMs, FIRST_RETRY_MS * 2 ** failures);
      const error = storeRefusal(err) ?? (err instanceof Error ? err.message : String(err));
      await recordBackupOutcome(db, job, { ok: false, at: iso(now()), error, nextDueAt: iso(now() + retryMs) }, token);
      const message = job === 'upload' ? 'off-site backup failed; will try again' : 'off-site backup check failed';
      logger.warn({ err, job, retryInSeconds: retryMs / 1000 }, message);
      return false;
    } finally {
      clearInterval(renewal);
    }
  }

  async function look(): Promise<void> {
    if (await runJob('upload', async () => (await backup.upload(shutdown.signal)).id, everyMs)) {
      // Pruning that fails leaves old snapshots until the next upload; it never makes an upload count as failed.
      await backup
        .prune(shutdown.signal)
        .catch((err: unknown) => logger.warn({ err }, 'could not prune old off-site backups; will try at the next upload'));
    }
    // Only once there is something to check: a site that just turned backups on has not failed its check.
    const uploaded = (await readBackupJobs(db)).some((j) => j.job === 'upload' && j.lastSuccessAt);
    if (uploaded) await runJob('verify', async () => (await backup.verify(shutdown.signal)).id, verifyEveryMs);
  }

  const tick = () => {
    pass = look()
      .catch((err: unknown) => logger.warn({ err }, 'off-site backup schedule could not reach the database; will try again'))
      .finally(() => {
        if (!shutdown.signal.aborted) timer = setTimeout(tick, lookEveryMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();

  return {
    leadStored(createdAt) {
      // A lead within a minute of the last one this instance saw is not the first of a quiet spell: a burst of quotes
      // costs the database nothing more.
      if (now() - lastNudge < 60_000) return;
      lastNudge = now();
      const quiet = { leadAt: createdAt, quietSince: iso(Date.parse(createdAt) - everyMs) };
      bringUploadForward(db, iso(now() + FIRST_LEAD_UPLOAD_MS), quiet).catch((err: unknown) =>
        logger.warn({ err }, 'could not bring the off-site backup forward'),
      );
    },
    async stop() {
      shutdown.abort();
      clearTimeout(timer);
      await pass;
    },
  };
}
