import { AppError } from '../errors.ts';

export interface Keyset {
  createdAt: string;
  id: string;
}

/** Opaque page cursors: the last row's (created_at, id), base64url so they travel in a query string. */
export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.createdAt}|${key.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError('INVALID_ARGUMENT', 'That page link is not valid.');
  }
  return { createdAt, id };
}
