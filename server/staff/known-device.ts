import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../core/config.ts';
import { type HashLane, TRUSTED_LANE } from './hash-queue.ts';
import { sessionCookieOptions } from './session.ts';

/** How long a browser stays known after a sign-in. */
const KNOWN_FOR_MS = 180 * 24 * 3600_000;

/** `__Host-device` on an https site, for the reasons the session cookie is `__Host-sid` (session.ts). */
function cookieName(config: Config): string {
  return sessionCookieOptions(config).secure ? '__Host-device' : 'device';
}

function keyOf(config: Config): string {
  return createHmac('sha256', config.SESSION_SECRET ?? devSecret)
    .update('known-devices')
    .digest('hex');
}
const devSecret = randomBytes(32).toString('hex');

function signature(config: Config, email: string, id: string): Buffer {
  return createHmac('sha256', keyOf(config)).update(`${email}\n${id}`).digest();
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The known-device id this browser holds for `email`, or null. A browser that completed a sign-in to an account
 * gets a signed cookie naming it (OWASP's "device cookie"): its sign-in attempts then count in a bucket of their
 * own, so a stranger's failures cannot lock the account's owner out.
 */
export function knownDevice(req: Request, config: Config, email: string): string | null {
  const [id, sig] = (readCookie(req, cookieName(config)) ?? '').split('.');
  if (!id || !sig) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(config, email, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** Marks this browser as known for the account just signed in to. */
export function rememberDevice(res: Response, config: Config, email: string): void {
  const id = randomBytes(16).toString('base64url');
  const value = `${id}.${signature(config, email, id).toString('base64url')}`;
  res.cookie(cookieName(config), value, { ...sessionCookieOptions(config), maxAge: KNOWN_FOR_MS });
}

/** Where this sign-in's password check waits for hashing (hash-queue.ts): a known browser first, anyone else by address. */
export function signInLane(req: Request, config: Config, email: string): HashLane {
  return knownDevice(req, config, email.trim().toLowerCase()) ? TRUSTED_LANE : { trusted: false, address: req.ip ?? 'unknown' };
}
