import { type Cursor, decodeCursor } from '../../shared/cursor.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { AppError } from './errors.ts';

/** A list's `after`/`cursor` parameter: none, or a cursor this site made (anything else is a bad page link). */
export function cursorParam(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const cursor = decodeCursor(value);
  if (!cursor) throw new AppError('INVALID_ARGUMENT', API_MESSAGES.pageLinkInvalid);
  return cursor;
}

/** One page of a newest-first list and the cursor of the next, if there is one. */
export interface KeysetPage<T> {
  items: T[];
  next: Cursor | null;
}

/**
 * Reads a page of `size` rows by asking for one more: that extra row says whether a next page exists without a
 * count. Every keyset list (blog, admin posts, leads, CSV batches, audit log) pages through here.
 */
export async function keysetPage<T>(
  size: number,
  read: (take: number) => Promise<T[]>,
  keyOf: (item: T) => Cursor,
): Promise<KeysetPage<T>> {
  const rows = await read(size + 1);
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, next: rows.length > size && last ? keyOf(last) : null };
}
