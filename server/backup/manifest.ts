/**
 * How snapshots are laid out in the bucket. Each snapshot is two objects: its sealed data,
 * `snapshots/<id>.db.gz.enc`, then its manifest, `manifests/<id>.json`, written only once the data is stored.
 * A snapshot exists when its manifest does, so an upload cut short is never taken for one. Ids are the UTC time
 * the copy was taken, with `-` for `:` (`2026-11-27T10-00-00.000Z`): they sort in time order.
 */
import type { SnapshotContents } from './snapshot-file.ts';

export interface Manifest extends SnapshotContents {
  format: 1;
  id: string;
  takenAt: string;
  /** The sealed data's key (relative to the prefix), its size and its SHA-256, checked before it is opened. */
  object: string;
  size: number;
  sha256: string;
  /** Which BACKUP_KEY sealed it (sealed-file.ts keyId), so a restore with another key is refused in words. */
  keyId: string;
}

export const SNAPSHOTS = 'snapshots';
export const MANIFESTS = 'manifests';

export function snapshotId(at: Date): string {
  return at.toISOString().replaceAll(':', '-');
}

/** The time in an id, or NaN for a key that is not one of ours. */
export function timeOfId(id: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}\.\d{3}Z)$/.exec(id);
  return match ? Date.parse(`${match[1]}:${match[2]}:${match[3]}`) : Number.NaN;
}

export const objectKey = (id: string) => `${SNAPSHOTS}/${id}.db.gz.enc`;
export const manifestKey = (id: string) => `${MANIFESTS}/${id}.json`;

/** The id in a manifest's or a data object's key. */
export function idOfKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1).replace(/\.(json|db\.gz\.enc)$/, '');
}

/** The snapshot to restore: the newest, or the newest taken at or before `at`. `manifests` are newest first. */
export function pickSnapshot(manifests: readonly Manifest[], at: Date | 'latest'): Manifest | undefined {
  return at === 'latest' ? manifests[0] : manifests.find((m) => Date.parse(m.takenAt) <= at.getTime());
}
