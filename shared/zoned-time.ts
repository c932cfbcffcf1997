/** Calendar dates in the company's time zone (TIME_ZONE) turned into UTC instants, and back. */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function parts(atMs: number, timeZone: string): Record<string, number> {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatters.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(atMs))) {
    if (p.type === 'weekday') out.weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.value);
    else if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

/** How far the zone is ahead of UTC at that instant, in ms. */
function offsetAt(atMs: number, timeZone: string): number {
  const p = parts(atMs, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(atMs / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in the zone; correct across daylight-saving changes. */
export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

export const HOUR_MS = 3_600_000;

/** Whether `now` is `hour` hours or more into `date` in the zone: when a daily or weekly e-mail may go. */
export function pastLocalHour(now: Date, date: string, timeZone: string, hour: number): boolean {
  return now.getTime() >= startOfDay(date, timeZone).getTime() + hour * HOUR_MS;
}

/** The calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(at: Date, timeZone: string): string {
  const p = parts(at.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The date `days` after a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday on or before the instant's calendar date in the zone. */
export function mondayOf(at: Date, timeZone: string): string {
  const weekday = parts(at.getTime(), timeZone).weekday!;
  return addDays(localDate(at, timeZone), -((weekday + 6) % 7));
}

/** An instant as a `datetime-local` input value (YYYY-MM-DDTHH:mm) in the zone. */
export function toLocalInput(iso: string, timeZone: string): string {
  const p = parts(Date.parse(iso), timeZone);
  const pad = (n: number | undefined) => String(n).padStart(2, '0');
  return `${localDate(new Date(iso), timeZone)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** An instant as the zone's wall-clock time, `YYYY-MM-DD HH:mm:ss`: what spreadsheets read as a date and time. */
export function localDateTime(iso: string, timeZone: string): string {
  const p = parts(Date.parse(iso), timeZone);
  const pad = (n: number | undefined) => String(n).padStart(2, '0');
  return `${localDate(new Date(iso), timeZone)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** An instant in words in the zone, as the staff area and its e-mails show it: "22 Nov 2026, 6:03 pm". */
export function formatDateTime(iso: string, timeZone: string): string {
  let f = dateTimes.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-AU', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    dateTimes.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** A `datetime-local` value read as a wall-clock time in the zone, as an ISO instant; null when not valid. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const dayStart = startOfDay(match[1]!, timeZone).getTime();
  const guess = dayStart + (Number(match[2]) * 60 + Number(match[3])) * 60_000;
  // Correct for a daylight-saving change between midnight and that time.
  const drift = offsetAt(guess, timeZone) - offsetAt(dayStart, timeZone);
  const at = new Date(guess - drift);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A calendar date as `<input type="date">` sends it: YYYY-MM-DD, and a day that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
