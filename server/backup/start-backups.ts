import type { DbHandle } from '../../db/database.ts';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { type BackupSchedule, startBackupSchedule } from './backup-schedule.ts';
import { offsiteBackupState } from './backup-status.ts';
import { createObjectStore } from './object-store.ts';
import { createOffsiteBackup } from './offsite-backup.ts';

/**
 * The off-site backups as configured (docs/operations.md#off-site-backups), started; undefined where the site makes
 * none. On PostgreSQL it says once that backups are the database's job, and pretends nothing.
 */
export function startOffsiteBackups(config: Config, database: DbHandle, logger: Logger): BackupSchedule | undefined {
  const state = offsiteBackupState(database.engine, config);
  if (state === 'database' && config.BACKUP_URL) {
    logger.warn('BACKUP_URL is ignored on PostgreSQL: off-site backup is the database’s job (its provider’s backups, WAL-G or pgBackRest)');
  }
  if (state !== 'on') return undefined;
  const databaseFile = config.DATABASE_URL.slice('file:'.length);
  const backup = createOffsiteBackup({ store: createObjectStore(config), key: config.BACKUP_KEY!, databaseFile, keep: config.BACKUP_KEEP });
  return startBackupSchedule({ db: database.db, backup, logger, everyMs: config.BACKUP_EVERY, verifyEveryMs: config.BACKUP_VERIFY_EVERY });
}
