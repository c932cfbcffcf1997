import express, { type RequestHandler } from 'express';
import { API_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../errors.ts';

/** Deeper than any form or admin payload needs (a post's content is a string, not a tree). */
export const MAX_JSON_DEPTH = 20;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Refuses raw JSON nested deeper than MAX_JSON_DEPTH before JSON.parse builds it: 40 KB of `[[[…]]]` cost
 * megabytes of objects and overflowed every recursive walk after it. One pass over the bytes, no recursion.
 */
export function assertJsonDepth(raw: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i += 1) {
    const byte = raw[i]!;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) throw new AppError('INVALID_ARGUMENT', API_MESSAGES.bodyTooDeep);
    } else if (CLOSERS.has(byte)) depth -= 1;
  }
}

/**
 * A JSON body parser with a size limit (413 above it) and the depth check. Each route takes the smallest
 * limit that fits what it accepts: a sign-in is a few hundred bytes, a blog post up to 2 MB.
 */
export function jsonBody(limit: string): RequestHandler {
  return express.json({ limit, strict: true, verify: (_req, _res, raw) => assertJsonDepth(raw) });
}
