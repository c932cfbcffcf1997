/**
 * The off-site backups by hand (docs/operations.md#off-site-backups), with the site's own configuration:
 *   npm run backup:now                  uploads a snapshot at once
 *   npm run backup:list                 lists the snapshots in the bucket, newest first
 *   npm run backup:restore -- --latest | --at "2026-11-27 10:00" [--to FILE]
 *                                       restores one as the database (or FILE); refused while a site uses it
 *   npm run backup:verify               restores the newest into a temporary file and checks it
 * A time without a zone is read in TIME_ZONE; the snapshot restored is the newest taken at or before it.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { recordBackupOutcome } from '../db/queries/backup-jobs.ts';
import { pickSnapshot } from '../server/backup/manifest.ts';
import { type OffsiteBackup, createOffsiteBackup } from '../server/backup/offsite-backup.ts';
import { createObjectStore, storeRefusal } from '../server/backup/object-store.ts';
import { SnapshotUnreadable } from '../server/backup/sealed-file.ts';
import { formatDateTime, fromLocalInput } from '../shared/zoned-time.ts';
import type { Config } from '../server/core/config.ts';
import { openDb } from '../db/database.ts';
import { CliError, configuredSqliteFile, replaceDatabase } from './sqlite-backup.ts';
import { loadCliConfig } from './cli-env.ts';

const USAGE = 'Usage: npm run backup:restore -- --latest | --at "2026-11-27 10:00" [--to FILE]';

function backupOf(config: Config, databaseFile: string): OffsiteBackup {
  if (!config.BACKUP_URL || !config.BACKUP_KEY)
    throw new CliError('BACKUP_URL and BACKUP_KEY are not set (docs/operations.md#off-site-backups).');
  return createOffsiteBackup({ store: createObjectStore(config), key: config.BACKUP_KEY, databaseFile, keep: config.BACKUP_KEEP });
}

/** `--at` as an instant: an ISO time with its zone, or a wall-clock time in the site's zone. */
function instantOf(value: string, timeZone: string): Date {
  const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value);
  const iso = zoned ? new Date(value).toISOString() : fromLocalInput(value.trim().replace(' ', 'T').slice(0, 16), timeZone);
  if (!iso || Number.isNaN(Date.parse(iso))) throw new CliError(`--at "${value}" is not a time like "2026-11-27 10:00". ${USAGE}`);
  return new Date(iso);
}

/**
 * Records a run made by hand where the dashboard and /metrics read it, when the database is there to hold it. The
 * run's own result stands whether or not this works (a database not yet migrated has nowhere to record it).
 */
async function record(config: Config, databaseFile: string, job: 'upload' | 'verify', ok: boolean, detail: string): Promise<void> {
  if (!existsSync(databaseFile)) return;
  const handle = openDb(config.DATABASE_URL);
  try {
    const at = new Date().toISOString();
    const nextDueAt = new Date(Date.now() + (job === 'upload' ? config.BACKUP_EVERY : config.BACKUP_VERIFY_EVERY)).toISOString();
    await recordBackupOutcome(handle.db, job, ok ? { ok, at, snapshot: detail, nextDueAt } : { ok, at, error: detail, nextDueAt });
  } catch (err) {
    console.error(`(Not recorded for the dashboard: ${(err as Error).message})`);
  } finally {
    await handle.db.destroy();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { latest: { type: 'boolean' }, at: { type: 'string' }, to: { type: 'string' } },
  });
  const config = loadCliConfig();
  if (!config.DATABASE_URL.startsWith('file:')) {
    throw new CliError('DATABASE_URL is PostgreSQL: off-site backup is the database’s job there (docs/operations.md#off-site-backups).');
  }
  const databaseFile = configuredSqliteFile();
  const backup = backupOf(config, databaseFile);
  const when = (iso: string) => `${formatDateTime(iso, config.TIME_ZONE)} (${iso})`;

  switch (positionals[0]) {
    case 'now': {
      if (!existsSync(databaseFile)) throw new CliError(`No database at ${databaseFile}.`);
      const manifest = await backup.upload();
      await backup.prune();
      await record(config, databaseFile, 'upload', true, manifest.id);
      const { posts, quotes, contacts } = manifest.counts;
      console.log(`Uploaded snapshot ${manifest.id}: ${manifest.size} bytes, ${posts} posts, ${quotes + contacts} leads.`);
      return;
    }
    case 'list': {
      const manifests = await backup.list();
      if (!manifests.length) console.log('No snapshots yet.');
      for (const m of manifests) {
        const { posts, quotes, contacts } = m.counts;
        console.log(`${when(m.takenAt)}  ${m.size} bytes  ${posts} posts  ${quotes} quotes  ${contacts} contacts  ${m.schemaVersion}`);
      }
      return;
    }
    case 'restore': {
      if (Boolean(values.latest) === Boolean(values.at)) throw new CliError(USAGE);
      const manifests = await backup.list();
      const manifest = pickSnapshot(manifests, values.at ? instantOf(values.at, config.TIME_ZONE) : 'latest');
      if (!manifest) {
        throw new CliError(manifests.length ? `No snapshot was taken at or before ${values.at}.` : 'There is no snapshot in the bucket.');
      }
      const target = resolve(values.to ?? databaseFile);
      const incoming = `${target}.downloading`;
      try {
        const contents = await backup.restore(manifest, incoming);
        const restored = new SQLite(incoming, { readonly: true, fileMustExist: true });
        try {
          const kept = await replaceDatabase(restored, target);
          console.log(`Restored snapshot ${manifest.id} taken ${when(manifest.takenAt)} to ${target}:`);
          const { posts, quotes, contacts, images } = contents.counts;
          console.log(`${posts} posts, ${quotes} quotes, ${contacts} contacts, ${images} images.`);
          if (kept) console.log(`The replaced database is kept at ${kept}.`);
        } finally {
          restored.close();
        }
      } finally {
        await rm(incoming, { force: true });
      }
      return;
    }
    case 'verify': {
      try {
        const manifest = await backup.verify();
        await record(config, databaseFile, 'verify', true, manifest.id);
        console.log(`Snapshot ${manifest.id} taken ${when(manifest.takenAt)} restores, is intact and holds what its manifest says.`);
      } catch (err) {
        await record(config, databaseFile, 'verify', false, (err as Error).message);
        throw err;
      }
      return;
    }
    default:
      throw new CliError('Usage: node scripts/offsite-backup.ts now | list | restore | verify');
  }
}

main().catch((err: unknown) => {
  const refusal = err instanceof CliError || err instanceof SnapshotUnreadable ? err.message : storeRefusal(err);
  console.error(refusal ? `Refused: ${refusal}` : err);
  process.exit(1);
});
