import type { Db } from '../database.ts';

/** Records a captcha solution as used; false when it already was (a replay). */
export async function recordCaptchaSolution(db: Db, key: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .insertInto('captcha_solutions')
    .values({ key, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Solutions past their challenge's expiry can never be replayed (the challenge is refused first). */
export async function deleteExpiredCaptchaSolutions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('captcha_solutions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
