/**
 * The off-site backup's jobs (server/backup/backup-schedule.ts). A job is claimed by one statement that checks it is
 * due and unleased and sets this instance's token: on SQLite one writer makes it atomic, on PostgreSQL the row lock
 * re-checks the condition, so of several instances exactly one wins each time. Only the token's holder settles it.
 */
import type { Db } from '../database.ts';

export type BackupJob = 'upload' | 'verify';

export interface BackupJobState {
  job: BackupJob;
  dueAt: string;
  lastSuccessAt: string | null;
  lastSnapshot: string | null;
  /** Failures since the last success. */
  failures: number;
  lastFailureAt: string | null;
  lastError: string | null;
}

/** Takes the job when it is due and no live lease holds it; false when it is not due or another instance has it. */
export async function claimBackupJob(db: Db, job: BackupJob, token: string, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('backup_jobs')
    .set({ lease_token: token, lease_until: leaseUntil })
    .where('job', '=', job)
    .where('due_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renewBackupJob(db: Db, job: BackupJob, token: string, leaseUntil: string): Promise<void> {
  await db.updateTable('backup_jobs').set({ lease_until: leaseUntil }).where('job', '=', job).where('lease_token', '=', token).execute();
}

/** Ends the holder's lease without recording a run (a stopping instance gives the job back). */
export async function releaseBackupJob(db: Db, job: BackupJob, token: string): Promise<void> {
  await db
    .updateTable('backup_jobs')
    .set({ lease_token: null, lease_until: null })
    .where('job', '=', job)
    .where('lease_token', '=', token)
    .execute();
}

export type BackupOutcome =
  { ok: true; at: string; snapshot: string; nextDueAt: string } | { ok: false; at: string; error: string; nextDueAt: string };

/**
 * Records how a run went and when the job is next due, ending the lease. With `token` only the holder may; without
 * one (`npm run backup:now` and `backup:verify`, run by hand) the outcome is recorded whoever holds the job.
 */
export async function recordBackupOutcome(db: Db, job: BackupJob, outcome: BackupOutcome, token?: string): Promise<void> {
  let update = db
    .updateTable('backup_jobs')
    .set((eb) =>
      outcome.ok
        ? { last_success_at: outcome.at, last_snapshot: outcome.snapshot, failures: 0, last_error: null, due_at: outcome.nextDueAt }
        : {
            failures: eb('failures', '+', 1),
            last_failure_at: outcome.at,
            last_error: outcome.error.slice(0, 500),
            due_at: outcome.nextDueAt,
          },
    )
    .where('job', '=', job);
  if (token) update = update.set({ lease_token: null, lease_until: null }).where('lease_token', '=', token);
  await update.execute();
}

/**
 * A lead stored at `leadAt` is the first since `quietSince` (no quote or contact message between): the next upload
 * is then due by `at` at the latest. Later leads of a busy spell change nothing.
 */
export async function bringUploadForward(db: Db, at: string, lead: { leadAt: string; quietSince: string }): Promise<void> {
  await db
    .updateTable('backup_jobs')
    .set({ due_at: at })
    .where('job', '=', 'upload')
    .where('due_at', '>', at)
    .where((eb) =>
      eb.and(
        (['quotes', 'contacts'] as const).map((table) =>
          eb.not(
            eb.exists(eb.selectFrom(table).select('id').where('created_at', '>=', lead.quietSince).where('created_at', '<', lead.leadAt)),
          ),
        ),
      ),
    )
    .execute();
}

export async function readBackupJobs(db: Db): Promise<BackupJobState[]> {
  const rows = await db.selectFrom('backup_jobs').selectAll().orderBy('job').execute();
  return rows.map((r) => ({
    job: r.job as BackupJob,
    dueAt: r.due_at,
    lastSuccessAt: r.last_success_at,
    lastSnapshot: r.last_snapshot,
    failures: r.failures,
    lastFailureAt: r.last_failure_at,
    lastError: r.last_error,
  }));
}
