/**
 * Which snapshots to keep (docs/operations.md#off-site-backups): every one of the last `hours`, then the newest of
 * each day for `days` days, of each week for `weeks` weeks, of each month for `months` months (BACKUP_KEEP). The
 * newest snapshot is kept whatever its age, so pruning never leaves the bucket without one.
 */
import type { KeepPolicy } from '../core/config.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 5 January 1970, 00:00 UTC: weeks run Monday to Sunday. */
const FIRST_MONDAY = 4 * DAY;

interface Tier {
  window: number;
  bucket: (at: number) => string;
}

function tiers(keep: KeepPolicy): Tier[] {
  return [
    { window: keep.days * DAY, bucket: (at) => new Date(at).toISOString().slice(0, 10) },
    { window: keep.weeks * 7 * DAY, bucket: (at) => String(Math.floor((at - FIRST_MONDAY) / (7 * DAY))) },
    { window: keep.months * 31 * DAY, bucket: (at) => new Date(at).toISOString().slice(0, 7) },
  ];
}

/** The ids of the snapshots (taken at the given times) that retention removes. */
export function snapshotsToPrune(snapshots: ReadonlyArray<{ id: string; takenAt: string }>, now: number, keep: KeepPolicy): string[] {
  const newestFirst = [...snapshots].sort((a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt));
  const kept = new Set<string>();
  if (newestFirst[0]) kept.add(newestFirst[0].id);
  for (const s of newestFirst) if (now - Date.parse(s.takenAt) < keep.hours * HOUR) kept.add(s.id);
  for (const tier of tiers(keep)) {
    const seen = new Set<string>();
    for (const s of newestFirst) {
      const at = Date.parse(s.takenAt);
      if (now - at >= tier.window) break;
      const bucket = tier.bucket(at);
      if (!seen.has(bucket)) kept.add(s.id);
      seen.add(bucket);
    }
  }
  return newestFirst.filter((s) => !kept.has(s.id)).map((s) => s.id);
}
