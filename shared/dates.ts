/*
 * Dates are always formatted in the company's time zone (TIME_ZONE, default Australia/Sydney), so a post
 * published at 11 pm Sydney time shows the same day on the server and in every visitor's browser.
 */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, month: 'short' | 'long'): Intl.DateTimeFormat {
  const key = `${timeZone}|${month}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month, day: '2-digit' });
    formatters.set(key, f);
  }
  return f;
}

function format(iso: string, timeZone: string, month: 'short' | 'long'): string {
  const parts = Object.fromEntries(
    formatter(timeZone, month)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year}`;
}

/** `MMM dd, yyyy`, e.g. "Nov 05, 2026": the blog list format. */
export function formatShortDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  return format(iso, timeZone, 'short');
}

/** `MMMM dd, yyyy`, e.g. "November 05, 2026": the post page format. */
export function formatLongDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  return format(iso, timeZone, 'long');
}

const calendarDates = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A calendar date a visitor typed (`YYYY-MM-DD`, no time and no zone) in words, e.g. "1 February 2027": how a
 * quote's dates are echoed back to the visitor and shown to staff. Anything else is returned as it came.
 */
export function formatCalendarDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? calendarDates.format(new Date(`${date}T00:00:00Z`)) : date;
}

const shortCalendarDates = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** Two calendar dates (`YYYY-MM-DD`) as one span in words, the shared parts said once: "1–30 Nov 2026". */
export function formatDateSpan(from: string, to: string): string {
  return shortCalendarDates.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}

/** A calendar date (`YYYY-MM-DD`) in short words: "1 Nov 2026". */
export function formatShortCalendarDate(date: string): string {
  return shortCalendarDates.format(new Date(`${date}T00:00:00Z`));
}
