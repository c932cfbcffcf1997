import type { Db } from '../database.ts';
import type { SessionsTable } from '../types.ts';

export function findLiveSession(db: Db, sid: string, now: string): Promise<Pick<SessionsTable, 'data'> | undefined> {
  return db.selectFrom('sessions').select('data').where('sid', '=', sid).where('expires_at', '>', now).executeTakeFirst();
}

export async function upsertSession(db: Db, row: SessionsTable): Promise<void> {
  await db
    .insertInto('sessions')
    .values(row)
    .onConflict((oc) =>
      oc.column('sid').doUpdateSet({ user_id: row.user_id, data: row.data, expires_at: row.expires_at }),
    )
    .execute();
}

export async function setSessionExpiry(db: Db, sid: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', sid).execute();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a user but the one given (pass null to end them all). */
export async function deleteUserSessions(db: Db, userId: string, exceptSid: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSid) query = query.where('sid', '!=', exceptSid);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUserSessions(db: Db, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
