import express, { type RequestHandler } from 'express';
import { API_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../core/errors.ts';

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

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * JSON is UTF-8 (RFC 8259 §8.1). Any other declared charset is refused with 415 before the body is read: the
 * depth check scans bytes, and in UTF-16 a character's bytes can look like a quote (U+0122 is `22 01`), which
 * let a deep body past it. Non-JSON bodies are left to the parsers after this one.
 */
export const requireUtf8Json: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) return next();
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8') return next();
  next(new AppError('INVALID_ARGUMENT', API_MESSAGES.bodyEncoding, { status: 415 }));
};

/**
 * A JSON body parser with a size limit (413 above it) and the depth check, on UTF-8 only, so the bytes checked
 * are the text parsed. Each route takes the smallest limit that fits what it accepts: a sign-in is a few hundred
 * bytes, a blog post up to 2 MB.
 */
export function jsonBody(limit: string): RequestHandler[] {
  return [requireUtf8Json, express.json({ limit, strict: true, verify: (_req, _res, raw) => assertJsonDepth(raw) })];
}
