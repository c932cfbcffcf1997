import type { RequestHandler } from 'express';
import { AppError } from '../core/errors.ts';
import { API_MESSAGES } from '../../shared/messages.ts';

/**
 * Walks the parsed body with a stack, not recursion, pushing one value at a time: no depth or width can
 * overflow it (`push(...array)` puts every element on the call stack and threw above ~130k elements).
 */
function hasNul(body: unknown): boolean {
  const stack: unknown[] = [body];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store the NUL character in text (SQLite can), so a body carrying one would fail at the
 * database. No form has a use for it: refuse it up front, the same way on both engines. Runs after a body parser.
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  next(hasNul(req.body) ? new AppError('INVALID_ARGUMENT', API_MESSAGES.textHasNul) : undefined);
};
