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
