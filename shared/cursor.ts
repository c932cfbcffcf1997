/**
 * Keyset cursors for every newest-first list (blog posts by publishedAt, leads and audit entries by createdAt):
 * the last row's time as base-36 milliseconds and its id, e.g. `mf3k2a0g.5b1c…`. URL-safe and short, so
 * crawlable `/blog?after=…` links stay readable. Times round-trip exactly because they are always stored as
 * `Date#toISOString()`.
 */
export interface Cursor {
  /** The sort column's value (an ISO time). */
  at: string;
  id: string;
}

const ID = /^[0-9a-f-]{36}$/;

export function encodeCursor({ at, id }: Cursor): string {
  return `${Date.parse(at).toString(36)}.${id}`;
}

/** The cursor a string holds, or null when it is not one this site made. */
export function decodeCursor(value: string): Cursor | null {
  const match = /^([0-9a-z]{1,12})\.(.+)$/.exec(value);
  if (!match || !ID.test(match[2]!)) return null;
  const ms = parseInt(match[1]!, 36);
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) return null;
  return { at: date.toISOString(), id: match[2]! };
}
