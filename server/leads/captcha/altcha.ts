import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Challenge, type Payload, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaResult, CaptchaVerifier } from './types.ts';

export interface AltchaOptions {
  /** Signs challenges; derived solution keys are signed with a second secret derived from it. */
  hmacKey: string;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from [maxCounter / 2, maxCounter]: the number of attempts a solver needs. */
  maxCounter: number;
  /** Long enough to fill in the wizard; an expired challenge is simply fetched again by the widget. */
  ttlSeconds?: number;
}

export interface AltchaCaptcha extends CaptchaVerifier {
  provider: 'altcha';
  challenge(): Promise<Challenge>;
}

const ALGORITHM = 'PBKDF2/SHA-256';

/**
 * Self-hosted proof of work (ALTCHA v2). Challenges are created in deterministic mode with a signed derived
 * key, so checking a solution costs two HMACs, not a key derivation; the visitor's browser does the work.
 */
export function createAltchaCaptcha(options: AltchaOptions): AltchaCaptcha {
  const hmacSignatureSecret = options.hmacKey;
  const hmacKeySignatureSecret = createHmac('sha256', options.hmacKey).update('altcha-derived-key').digest('hex');
  const ttl = options.ttlSeconds ?? 60 * 60;
  const low = Math.max(1, Math.floor(options.maxCounter / 2));

  return {
    provider: 'altcha',
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(low, options.maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + ttl * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(token): Promise<CaptchaResult> {
      const payload = decode(token);
      if (!payload) return { ok: false, reason: 'invalid' };
      const { parameters } = payload.challenge;
      if (parameters.algorithm !== ALGORITHM) return { ok: false, reason: 'invalid' };
      // A signed challenge always carries the expiry it was given.
      if (!parameters.expiresAt || parameters.expiresAt < Date.now() / 1000) return { ok: false, reason: 'expired' };
      if (!isSignedSolution(payload, hmacSignatureSecret, hmacKeySignatureSecret)) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(parameters.expiresAt * 1000).toISOString();
      return { ok: true, singleUse: { key: `altcha:${parameters.nonce}`, expiresAt } };
    },
  };
}

/**
 * ALTCHA v2's check for a challenge made in deterministic mode: the parameters carry our signature, and the
 * derived key the visitor found carries the key signature. Done here with node:crypto, synchronously: altcha-lib's
 * `verifySolution` does the same through WebCrypto, whose key import per call cost more than a submission's
 * whole database write (tests/bench/submit-quote.ts). Challenges are still made by altcha-lib, so a change in its
 * format fails the tests that solve real challenges.
 */
function isSignedSolution({ challenge, solution }: Payload, signatureSecret: string, keySignatureSecret: string): boolean {
  const { keySignature } = challenge.parameters;
  const { derivedKey, counter } = solution as { derivedKey?: unknown; counter?: unknown };
  return (
    sameText(challenge.signature, hmacHex(signatureSecret, JSON.stringify(sortedKeys(challenge.parameters)))) &&
    typeof keySignature === 'string' &&
    typeof derivedKey === 'string' &&
    /^(?:[0-9a-f]{2})+$/.test(derivedKey) &&
    Number.isInteger(counter) &&
    (counter as number) >= 0 &&
    (counter as number) <= 0xffffffff &&
    sameText(keySignature, hmacHex(keySignatureSecret, Buffer.from(derivedKey, 'hex')))
  );
}

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

function sameText(a: unknown, b: string): boolean {
  if (typeof a !== 'string') return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The signed form of the parameters: keys sorted at every level, as altcha-lib signs them. */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** The widget's payload: base64 of `{ challenge, solution }`. Anything else is simply invalid. */
function decode(token: string): Payload | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload> | null;
    const challenge = value?.challenge;
    const solution = value?.solution;
    if (
      !challenge ||
      typeof challenge !== 'object' ||
      typeof challenge.signature !== 'string' ||
      typeof challenge.parameters !== 'object' ||
      challenge.parameters === null ||
      typeof challenge.parameters.nonce !== 'string' ||
      typeof challenge.parameters.keyPrefix !== 'string' ||
      !solution ||
      typeof solution !== 'object'
    ) {
      return undefined;
    }
    return { challenge, solution };
  } catch {
    return undefined;
  }
}
