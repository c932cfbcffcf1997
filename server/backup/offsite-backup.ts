/**
 * Off-site snapshots of the SQLite database (docs/operations.md#off-site-backups): taken with the online backup
 * API, compressed and sealed on this server, uploaded, then described by a manifest written last; listed, pruned,
 * restored and verified from the same bucket. The schedule, and which instance uploads, are backup-schedule.ts's.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { KeepPolicy } from '../core/config.ts';
import { type Manifest, MANIFESTS, SNAPSHOTS, idOfKey, manifestKey, objectKey, snapshotId, timeOfId } from './manifest.ts';
import type { ObjectStore } from './object-store.ts';
import { snapshotsToPrune } from './retention.ts';
import { type SnapshotContents, copyLiveDatabase, inspectDatabase } from './snapshot-file.ts';
import { SnapshotUnreadable, keyId, openSealedFile, sealFile, sha256Of } from './sealed-file.ts';

/** A data object without a manifest this much older than its id is an upload that never finished: it is deleted. */
const UNFINISHED_AFTER_MS = 24 * 3_600_000;

export interface OffsiteBackupOptions {
  store: ObjectStore;
  key: Buffer;
  /** The live SQLite file. */
  databaseFile: string;
  keep: KeepPolicy;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface OffsiteBackup {
  /** Takes a snapshot and uploads it, manifest last. */
  upload(signal?: AbortSignal): Promise<Manifest>;
  /**
   * Deletes what retention no longer keeps, manifest first, then the data: a snapshot half-deleted is no longer
   * listed, never listed without its data; and data objects an interrupted upload left behind.
   */
  prune(signal?: AbortSignal): Promise<void>;
  /** Every complete snapshot, newest first. */
  list(signal?: AbortSignal): Promise<Manifest[]>;
  /**
   * Downloads a snapshot, checks its checksum, opens it with the key and checks the database into `target`
   * (a new file); refuses in words (SnapshotUnreadable) what does not pass.
   */
  restore(manifest: Manifest, target: string, signal?: AbortSignal): Promise<SnapshotContents>;
  /** Restores the newest snapshot into a temporary file and compares it with its manifest; returns that manifest. */
  verify(signal?: AbortSignal): Promise<Manifest>;
}

export function createOffsiteBackup(options: OffsiteBackupOptions): OffsiteBackup {
  const { store, key, databaseFile, keep } = options;
  const now = options.now ?? Date.now;
  const ourKey = keyId(key);

  /** A scratch folder beside the database (the disk that holds it has room for a copy of it; on a new server, made). */
  async function withScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
    await mkdir(dirname(databaseFile), { recursive: true });
    const dir = await mkdtemp(join(dirname(databaseFile), '.offsite-'));
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function list(signal?: AbortSignal): Promise<Manifest[]> {
    const objects = await store.list(MANIFESTS, signal);
    const manifests = await Promise.all(objects.map(async (o) => JSON.parse(await store.getText(o.key, signal)) as Manifest));
    return manifests.sort((a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt));
  }

  /** Reads only the listings (ids are times), not each manifest. */
  async function prune(signal?: AbortSignal): Promise<void> {
    const ids = (await store.list(MANIFESTS, signal)).map((o) => idOfKey(o.key));
    const snapshots = ids.map((id) => ({ id, takenAt: new Date(timeOfId(id)).toISOString() }));
    for (const id of snapshotsToPrune(snapshots, now(), keep)) {
      await store.delete(manifestKey(id), signal);
      await store.delete(objectKey(id), signal);
    }
    const listed = new Set(ids);
    for (const object of await store.list(SNAPSHOTS, signal)) {
      const id = idOfKey(object.key);
      if (!listed.has(id) && now() - timeOfId(id) > UNFINISHED_AFTER_MS) await store.delete(object.key, signal);
    }
  }

  async function restore(manifest: Manifest, target: string, signal?: AbortSignal): Promise<SnapshotContents> {
    if (manifest.keyId !== ourKey) {
      throw new SnapshotUnreadable(
        `snapshot ${manifest.id} was sealed with another BACKUP_KEY (key ${manifest.keyId}, this one is ${ourKey}).`,
      );
    }
    return withScratch(async (dir) => {
      const sealed = join(dir, 'snapshot.enc');
      await store.getFile(manifest.object, sealed, signal);
      if ((await sha256Of(sealed)) !== manifest.sha256) {
        throw new SnapshotUnreadable(`snapshot ${manifest.id} is damaged or truncated: its checksum does not match its manifest.`);
      }
      await openSealedFile(sealed, target, key, manifest.id);
      try {
        return await inspectDatabase(target);
      } catch (err) {
        await rm(target, { force: true });
        throw new SnapshotUnreadable(`snapshot ${manifest.id} opened, but ${(err as Error).message}`);
      }
    });
  }

  return {
    list,
    restore,
    prune,
    async upload(signal) {
      const takenAt = new Date(now());
      const id = snapshotId(takenAt);
      const manifest = await withScratch(async (dir) => {
        const copy = join(dir, 'site.db');
        const sealed = join(dir, 'site.db.gz.enc');
        const contents = await copyLiveDatabase(databaseFile, copy);
        const { size, sha256 } = await sealFile(copy, sealed, key, id);
        await store.putFile(objectKey(id), sealed, signal);
        const written: Manifest = {
          format: 1,
          id,
          takenAt: takenAt.toISOString(),
          object: objectKey(id),
          size,
          sha256,
          keyId: ourKey,
          ...contents,
        };
        await store.putText(manifestKey(id), `${JSON.stringify(written, null, 2)}\n`, signal);
        return written;
      });
      return manifest;
    },
    async verify(signal) {
      const [newest] = await list(signal);
      if (!newest) throw new SnapshotUnreadable('there is no snapshot in the bucket yet.');
      await withScratch(async (dir) => {
        const restored = await restore(newest, join(dir, 'verify.db'), signal);
        if (!isDeepStrictEqual(restored, { schemaVersion: newest.schemaVersion, counts: newest.counts })) {
          throw new SnapshotUnreadable(`snapshot ${newest.id} holds other figures than its manifest says (${JSON.stringify(restored)}).`);
        }
      });
      return newest;
    },
  };
}
