import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

/**
 * PostgreSQL cannot store the NUL character in text (SQLite can), so a body carrying one would fail at the
 * database. No form has a use for it: refuse it up front, the same way on both engines. Runs after a body parser.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  next(hasNul(req.body) ? new AppError('INVALID_ARGUMENT', 'Text may not contain NUL characters.') : undefined);
};
