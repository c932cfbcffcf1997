import type { Db } from '../database.ts';

/** Turns a person's weekly analytics e-mail on or off. */
export async function setWeeklySummary(db: Db, userId: string, enabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ weekly_summary: enabled ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export async function weeklySummaryChosen(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('weekly_summary').where('id', '=', userId).executeTakeFirst();
  return Number(row?.weekly_summary ?? 0) === 1;
}

/** Active staff who asked for the weekly e-mail, with their role. */
export function listWeeklySummaryReaders(db: Db): Promise<Array<{ id: string; email: string; name: string; role: string }>> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role'])
    .where('weekly_summary', '=', 1)
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * Marks `week`'s e-mail to a person as sent; false when it already was (by this or another instance), so each
 * person gets each week's e-mail once. Run it in the transaction that queues the e-mail.
 */
export async function claimWeeklySummary(trx: Db, week: string, userId: string): Promise<boolean> {
  const row = await trx
    .insertInto('analytics_summaries_sent')
    .values({ week, user_id: userId })
    .onConflict((oc) => oc.columns(['week', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** New (not yet contacted) leads created before `before` (ISO): waiting for an answer. */
export async function countLeadsWaitingSince(db: Db, before: string): Promise<number> {
  const counts = await Promise.all(
    (['quotes', 'contacts'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'new')
        .where('created_at', '<', before)
        .executeTakeFirst(),
    ),
  );
  return counts.reduce((n, row) => n + Number(row?.n ?? 0), 0);
}
