import type { Db } from '../database.ts';

export interface UsedCaptchaSolution {
  key: string;
  expiresAt: string;
}

/** Records captcha solutions as used; returns how many were new (fewer than given means a replay). */
export async function recordCaptchaSolutions(db: Db, solutions: UsedCaptchaSolution[]): Promise<number> {
  if (!solutions.length) return 0;
  const result = await db
    .insertInto('captcha_solutions')
    .values(solutions.map((s) => ({ key: s.key, expires_at: s.expiresAt })))
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Solutions past their challenge's expiry can never be replayed (the challenge is refused first). */
export async function deleteExpiredCaptchaSolutions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('captcha_solutions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
