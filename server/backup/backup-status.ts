import type { Db, DbEngine } from '../../db/database.ts';
import { readBackupJobs } from '../../db/queries/backup-jobs.ts';
import type { OffsiteBackupStatus } from '../../shared/admin.ts';
import type { Config } from '../core/config.ts';

/** Two intervals without a successful upload is what the dashboard warns about and the README's alert fires on. */
export const OVERDUE_INTERVALS = 2;

/** Off-site backups run on SQLite with BACKUP_URL set; on PostgreSQL they are the database's job, never the site's. */
export function offsiteBackupState(engine: DbEngine, config: Pick<Config, 'BACKUP_URL'>): OffsiteBackupStatus['state'] {
  if (engine !== 'sqlite') return 'database';
  return config.BACKUP_URL ? 'on' : 'off';
}

const NOTHING_YET = { lastUploadAt: null, lastVerifiedAt: null, overdue: false, verifyFailed: false, lastError: null };

/** The off-site backup's state for the Owner's dashboard, from the jobs every instance shares. */
export async function readOffsiteBackupStatus(
  db: Db,
  engine: DbEngine,
  config: Pick<Config, 'BACKUP_URL' | 'BACKUP_EVERY'>,
  now = Date.now(),
): Promise<OffsiteBackupStatus> {
  const state = offsiteBackupState(engine, config);
  if (state !== 'on') return { state, ...NOTHING_YET };
  const jobs = await readBackupJobs(db);
  const upload = jobs.find((j) => j.job === 'upload')!;
  const verify = jobs.find((j) => j.job === 'verify')!;
  const overdue = upload.lastSuccessAt
    ? now - Date.parse(upload.lastSuccessAt) > OVERDUE_INTERVALS * config.BACKUP_EVERY
    : upload.failures > 0;
  const verifyFailed = verify.failures > 0;
  return {
    state,
    lastUploadAt: upload.lastSuccessAt,
    lastVerifiedAt: verify.lastSuccessAt,
    overdue,
    verifyFailed,
    lastError: upload.failures > 0 ? upload.lastError : verifyFailed ? verify.lastError : null,
  };
}
