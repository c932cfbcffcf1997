import { describe, expect, it } from 'vitest';
import { snapshotsToPrune } from './retention.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const KEEP = { hours: 24, days: 7, weeks: 4, months: 6 };
const now = Date.parse('2026-11-27T12:00:00Z');
const taken = (ages: number[]) => ages.map((age) => ({ id: String(age), takenAt: new Date(now - age).toISOString() }));

describe('snapshotsToPrune', () => {
  it('keeps every snapshot of the last 24 hours', () => {
    expect(snapshotsToPrune(taken([0, HOUR, 5 * HOUR, 23 * HOUR]), now, KEEP)).toEqual([]);
  });

  it('keeps the newest of each day for a week, of each week for four weeks, of each month for six months', () => {
    // Four a day, every day, for a year.
    const snapshots = taken(Array.from({ length: 365 * 4 }, (_, i) => i * 6 * HOUR));
    const pruned = new Set(snapshotsToPrune(snapshots, now, KEEP));
    const kept = snapshots.filter((s) => !pruned.has(s.id));
    const olderThanADay = kept.filter((s) => now - Date.parse(s.takenAt) >= DAY);
    const days = new Set(olderThanADay.filter((s) => now - Date.parse(s.takenAt) < 7 * DAY).map((s) => s.takenAt.slice(0, 10)));
    expect(days.size).toBe(olderThanADay.filter((s) => now - Date.parse(s.takenAt) < 7 * DAY).length);
    expect(kept.every((s) => now - Date.parse(s.takenAt) < 6 * 31 * DAY)).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(4 + 7 + 4 + 6);
    expect(kept.length).toBeGreaterThanOrEqual(4 + 6 + 3 + 5);
  });

  it('never removes the newest snapshot, however old', () => {
    expect(snapshotsToPrune(taken([400 * DAY, 500 * DAY]), now, KEEP)).toEqual([String(500 * DAY)]);
    expect(snapshotsToPrune(taken([400 * DAY]), now, { hours: 0, days: 0, weeks: 0, months: 0 })).toEqual([]);
  });
});
