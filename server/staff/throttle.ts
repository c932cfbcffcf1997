import type { Db } from '../../db/database.ts';
import { deleteAttemptsBefore, releaseAttempts, reserveAttempts } from '../../db/queries/sign-in-attempts.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import type { Config } from '../core/config.ts';
import { AppError } from '../core/errors.ts';

/**
 * Who an attempt counts against. A browser that signed in to this account before (a known device,
 * known-device.ts) has a bucket of its own, so strangers failing against the account cannot lock its owner out;
 * any other browser counts against the account and its address (docs/security.md, "Sign-in limits").
 */
export function signInBuckets(email: string, ip: string | undefined, knownDevice: string | null): string[] {
  if (knownDevice) return [`device:${knownDevice}`];
  return [`${ACCOUNT_BUCKET}${email}`, ...(ip ? [`ip:${ip}`] : [])];
}

/** Every attempt from a browser not known to the account counts in its account's bucket, named with this prefix. */
export const ACCOUNT_BUCKET = 'account:';

/** A password or code check re-entering the signed-in user's password (change password, turn 2FA off). */
export function reauthBuckets(userId: string): string[] {
  return [`reauth:${userId}`];
}

/**
 * A passkey sign-in, counted per address only: a passkey cannot be guessed, so failures against an account (a
 * password lockout) never block one, but a client sending assertion after failing assertion is slowed down.
 */
export function passkeyBuckets(ip: string | undefined): string[] {
  return [`passkey:${ip ?? 'unknown'}`];
}

export interface Attempt {
  /** The check passed: the attempt no longer counts. */
  succeeded(): Promise<void>;
  /** The check never ran (no hashing slot was free): the attempt does not count. */
  notChecked(): Promise<void>;
}

/**
 * Reservations for the same buckets wait their turn in this process rather than in the database: a burst of 300
 * would otherwise hold every pooled connection waiting on one PostgreSQL lock. Other instances still meet at
 * that lock.
 */
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  const settled = run.catch(() => {});
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * Reserves an attempt in every bucket before the slow check runs, or refuses with 429 when one of them had
 * LOGIN_MAX_FAILURES attempts in the last LOGIN_WINDOW_MINUTES. A failed check simply keeps its reservation;
 * reserving first means a burst of parallel guesses gets no more checks than a patient guesser.
 */
export async function reserveAttempt(
  db: Db,
  config: Pick<Config, 'LOGIN_WINDOW_MINUTES' | 'LOGIN_MAX_FAILURES'>,
  buckets: string[],
): Promise<Attempt> {
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const now = Date.now();
  const result = await oneAtATime(buckets.join('\n'), () =>
    reserveAttempts(db, buckets, {
      max: config.LOGIN_MAX_FAILURES,
      since: new Date(now - windowMs).toISOString(),
      now: new Date(now).toISOString(),
    }),
  );
  if ('full' in result) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(result.oldest) + windowMs - now) / 1000));
    throw new AppError('RESOURCE_EXHAUSTED', ADMIN_MESSAGES.loginThrottled(config.LOGIN_WINDOW_MINUTES), {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  return {
    succeeded: async () => {
      await releaseAttempts(db, result.ids);
      await deleteAttemptsBefore(db, new Date(now - windowMs).toISOString());
    },
    notChecked: () => releaseAttempts(db, result.ids),
  };
}
