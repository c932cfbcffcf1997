import type { Db } from '../database.ts';
import { deleteExpiredKeys, insertNewKeys } from './single-use-keys.ts';

export interface UsedCaptchaSolution {
  key: string;
  expiresAt: string;
}

/** Records captcha solutions as used; returns how many were new (fewer than given means a replay). */
export function recordCaptchaSolutions(db: Db, solutions: UsedCaptchaSolution[]): Promise<number> {
  return insertNewKeys(
    db,
    'captcha_solutions',
    solutions.map((s) => ({ key: s.key, expires_at: s.expiresAt })),
  );
}

/** Solutions past their challenge's expiry can never be replayed (the challenge is refused first). */
export function deleteExpiredCaptchaSolutions(db: Db, now: string): Promise<number> {
  return deleteExpiredKeys(db, 'captcha_solutions', now);
}
