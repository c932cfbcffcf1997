import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type HashLane, TRUSTED_LANE, createHashQueue } from './hash-queue.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt with N=2^15, r=8 (32 MiB per hash): memory-hard, about 50-100 ms on one core. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * scrypt runs on libuv's thread pool (4 threads), which also reads the static files: checks use at most two of
 * them, browsers no account knows one, and wait their turn in a bounded queue that serves known people first
 * (hash-queue.ts). On a 2-core box a flood of guesses then takes one core at most.
 */
const hashing = createHashQueue({ running: 2, untrustedRunning: 1, waiting: 16, waitingPerAddress: 2 });

/** Whether a password check of `lane` would be taken now (hash-queue.ts). */
export const hashingHasRoom = (lane: HashLane): boolean => hashing.hasRoom(lane);

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, lane: HashLane): Promise<Buffer> {
  return hashing.run(lane, () =>
    scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r }),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, TRUSTED_LANE);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Throws HashQueueFullError when `lane` may not wait for a hashing slot. */
export async function verifyPassword(password: string, stored: string, lane: HashLane): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, lane);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/** Spends the same time as a real check when the email is unknown, so timing does not reveal accounts. */
export async function burnPasswordCheck(password: string, lane: HashLane): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy, lane);
}
