import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatLongDate, formatShortDate } from './dates.ts';

describe('date formats', () => {
  it('list dates are MMM dd, yyyy', () => {
    expect(formatShortDate('2026-03-05T01:00:00.000Z')).toBe('Mar 05, 2026');
  });
  it('post dates are MMMM dd, yyyy', () => {
    expect(formatLongDate('2026-11-09T01:00:00.000Z')).toBe('November 09, 2026');
  });
  it("use the company's time zone, not the machine's", () => {
    // 14:30 UTC on 31 Dec is already 1 Jan in Sydney (UTC+11 in summer).
    expect(formatShortDate('2026-12-31T14:30:00.000Z')).toBe('Jan 01, 2027');
    expect(formatShortDate('2026-12-31T14:30:00.000Z', 'UTC')).toBe('Dec 31, 2026');
    expect(formatLongDate('2026-12-31T14:30:00.000Z', 'Australia/Perth')).toBe('December 31, 2026');
  });
});

describe('formatCalendarDate', () => {
  it('writes a typed date in Australian words, whatever the time zone', () => {
    expect(formatCalendarDate('2027-02-01')).toBe('1 February 2027');
    expect(formatCalendarDate('2026-12-31')).toBe('31 December 2026');
  });

  it('leaves anything that is not a calendar date as it came', () => {
    expect(formatCalendarDate('')).toBe('');
    expect(formatCalendarDate('next week')).toBe('next week');
  });
});
