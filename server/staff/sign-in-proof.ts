import type { Challenge } from 'altcha-lib';
import type { Db } from '../../db/database.ts';
import { recordCaptchaSolutions } from '../../db/queries/captcha.ts';
import { countAttemptsSince } from '../../db/queries/sign-in-attempts.ts';
import type { Config } from '../core/config.ts';
import { createAltchaCaptcha } from '../leads/captcha/altcha.ts';
import { altchaKey } from '../leads/captcha/index.ts';
import { ACCOUNT_BUCKET } from './throttle.ts';

/** Site-wide failures are counted over this window. */
const SPIKE_WINDOW_MS = 60_000;
/** How long one count answers for: one query a second however fast guesses arrive. */
const RECHECK_MS = 1000;

export interface SignInProof {
  /**
   * True while sign-ins from browsers no account knows fail site-wide more than LOGIN_PROOF_AFTER times a
   * minute: each of them must then carry a solved proof of work.
   */
  required(): Promise<boolean>;
  /** A solved challenge, spent: false when missing, forged, expired or used before. */
  accept(solution: unknown): Promise<boolean>;
  challenge(): Promise<Challenge>;
}

/**
 * Proof of work at sign-in when guesses spike: the ALTCHA challenge the public forms use (self-hosted, no third
 * party), so a flood from many addresses pays a second of CPU per guess before any password is hashed. Browsers
 * that signed in to an account before never need it (their checks go first, hash-queue.ts). Failures are read
 * from the shared attempts table, so every instance sees the same spike.
 */
export function createSignInProof(
  db: Db,
  config: Pick<Config, 'LOGIN_PROOF_AFTER' | 'ALTCHA_COST' | 'ALTCHA_MAX_COUNTER' | 'ALTCHA_HMAC_KEY' | 'SESSION_SECRET'>,
): SignInProof {
  const altcha = createAltchaCaptcha({
    hmacKey: altchaKey(config),
    cost: config.ALTCHA_COST,
    maxCounter: config.ALTCHA_MAX_COUNTER,
    ttlSeconds: 10 * 60,
  });
  let spiking = false;
  let checkedAt = -Infinity;
  let checking: Promise<boolean> | null = null;

  async function count(): Promise<boolean> {
    const failures = await countAttemptsSince(db, ACCOUNT_BUCKET, new Date(Date.now() - SPIKE_WINDOW_MS).toISOString());
    spiking = failures >= config.LOGIN_PROOF_AFTER;
    checkedAt = Date.now();
    return spiking;
  }

  return {
    required() {
      if (Date.now() - checkedAt < RECHECK_MS) return Promise.resolve(spiking);
      checking ??= count().finally(() => {
        checking = null;
      });
      return checking;
    },
    async accept(solution) {
      if (typeof solution !== 'string' || solution === '') return false;
      const verdict = await altcha.verify(solution, { action: 'sign_in' });
      if (!verdict.ok || !verdict.singleUse) return false;
      return (await recordCaptchaSolutions(db, [verdict.singleUse])) === 1;
    },
    challenge: () => altcha.challenge(),
  };
}
