import express, { type RequestHandler } from 'express';
import { jsonBody } from './json-body.ts';
import { rejectNulCharacters } from './reject-nul.ts';

/**
 * Admin requests carry JSON (fetch from the hydrated pages) or a urlencoded form (sign-in, sign-out), up to
 * `limit`: sign-in routes take a few kilobytes (anyone may post there), only the blog editor needs megabytes.
 */
export function adminBodyParsers(limit: string): RequestHandler[] {
  return [...jsonBody(limit), express.urlencoded({ extended: false, limit, parameterLimit: 50 }), rejectNulCharacters];
}

/** Sign-in, the second step and sign-out: an e-mail, a password or code, a token and `next`. */
export const SIGN_IN_BODY_LIMIT = '4kb';
/** Account, leads and privacy requests: a note is the longest field. */
export const ADMIN_BODY_LIMIT = '64kb';
/** A blog post's content. */
export const POST_BODY_LIMIT = '2mb';
