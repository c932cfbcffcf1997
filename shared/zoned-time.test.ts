import { describe, expect, it } from 'vitest';
import { addDays, fromLocalInput, localDate, localDateTime, mondayOf, pastLocalHour, startOfDay, toLocalInput } from './zoned-time.ts';

describe('zoned time', () => {
  it('a Sydney day starts at 13:00 or 14:00 UTC the day before, following daylight saving', () => {
    expect(startOfDay('2026-11-22', 'Australia/Sydney').toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(startOfDay('2026-06-01', 'Australia/Sydney').toISOString()).toBe('2026-05-31T14:00:00.000Z');
    expect(startOfDay('2026-06-01', 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('finds local dates and Mondays', () => {
    expect(localDate(new Date('2026-11-21T13:30:00Z'), 'Australia/Sydney')).toBe('2026-11-22');
    expect(mondayOf(new Date('2026-11-22T01:00:00Z'), 'Australia/Sydney')).toBe('2026-11-16');
    expect(mondayOf(new Date('2026-11-16T01:00:00Z'), 'Australia/Sydney')).toBe('2026-11-16');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('datetime-local values in the company time zone', () => {
  it('round-trips a Sydney wall-clock time on both sides of daylight saving', () => {
    expect(fromLocalInput('2026-11-22T09:30', 'Australia/Sydney')).toBe('2026-11-21T22:30:00.000Z');
    expect(fromLocalInput('2026-06-01T09:30', 'Australia/Sydney')).toBe('2026-05-31T23:30:00.000Z');
    expect(toLocalInput('2026-11-21T22:30:00.000Z', 'Australia/Sydney')).toBe('2026-11-22T09:30');
    expect(fromLocalInput('not a date', 'Australia/Sydney')).toBeNull();
  });
});

describe('wall-clock date and time for spreadsheets', () => {
  it('reads an instant in Sydney on both sides of daylight saving', () => {
    expect(localDateTime('2026-11-21T22:30:05.000Z', 'Australia/Sydney')).toBe('2026-11-22 09:30:05');
    expect(localDateTime('2026-05-31T23:30:00.000Z', 'Australia/Sydney')).toBe('2026-06-01 09:30:00');
    expect(localDateTime('2026-05-31T23:30:00.000Z', 'UTC')).toBe('2026-05-31 23:30:00');
  });
});

describe('pastLocalHour', () => {
  it('is true from that hour of the day in the zone, not before', () => {
    // 7 am in Sydney on 2 December 2026 (daylight time, UTC+11) is 20:00 UTC on 1 December.
    expect(pastLocalHour(new Date('2026-12-01T19:59:59Z'), '2026-12-02', 'Australia/Sydney', 7)).toBe(false);
    expect(pastLocalHour(new Date('2026-12-01T20:00:00Z'), '2026-12-02', 'Australia/Sydney', 7)).toBe(true);
  });
});
