import type { Db } from '../database.ts';

/** Turns a person's morning follow-ups e-mail on or off. */
export async function setFollowUpEmail(db: Db, userId: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ follow_up_email: enabled ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export async function followUpEmailChosen(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('follow_up_email').where('id', '=', userId).executeTakeFirst();
  return Number(row?.follow_up_email ?? 0) === 1;
}

/** Active staff who asked for the morning follow-ups e-mail, with their role. */
export function listFollowUpEmailReaders(db: Db): Promise<Array<{ id: string; email: string; name: string; role: string }>> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role'])
    .where('follow_up_email', '=', 1)
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * Marks `day`'s follow-ups e-mail to a person as queued; false when it already was (by this or another instance).
 * Run it in the transaction that queues the e-mail.
 */
export async function claimFollowUpEmail(trx: Db, day: string, userId: string): Promise<boolean> {
  const row = await trx
    .insertInto('follow_up_emails_sent')
    .values({ day, user_id: userId })
    .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}
