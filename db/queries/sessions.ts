import { createHash } from 'node:crypto';
import type { Db } from '../database.ts';
import type { StaffSessionInfo } from '../../shared/staff.ts';
import type { SessionsTable } from '../types.ts';

/**
 * Rows are keyed by the SHA-256 of the session id, never the id itself: a leaked copy of the table (a backup, a
 * read-only SQL injection) holds nothing that signs anyone in. Every function here takes the id and hashes it.
 */
function key(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

export function findLiveSession(db: Db, sid: string, now: string): Promise<Pick<SessionsTable, 'data'> | undefined> {
  return db.selectFrom('sessions').select('data').where('sid', '=', key(sid)).where('expires_at', '>', now).executeTakeFirst();
}

export async function upsertSession(db: Db, row: SessionsTable): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, sid: key(row.sid) })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ user_id: row.user_id, data: row.data, expires_at: row.expires_at }))
    .execute();
}

export async function setSessionExpiry(db: Db, sid: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', key(sid)).execute();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', key(sid)).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a user but the one given (pass null to end them all). */
export async function deleteUserSessions(db: Db, userId: string, exceptSid: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSid) query = query.where('sid', '!=', key(exceptSid));
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

/** Ends a user's oldest sessions so that at most `keep` remain (the cap on sessions per user). */
export async function trimUserSessions(db: Db, userId: string, keep: number): Promise<number> {
  const kept = db.selectFrom('sessions').select('sid').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(keep);
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('sid', 'not in', kept).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's live sessions, newest first; each is named by its stored key (a hash that signs no one in). */
/**
 * A person's live sessions, newest first, each with the device it was signed in from. `viewerCsrf` (the viewer's
 * own session's CSRF token, unique to a session) marks the viewer's session; no token leaves this function.
 */
export async function listUserSessions(db: Db, userId: string, now: string, viewerCsrf: string | null = null): Promise<StaffSessionInfo[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['sid', 'data', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => {
    const data = parseSessionData(r.data);
    return {
      ref: r.sid,
      startedAt: r.created_at,
      expiresAt: r.expires_at,
      device: data.device ?? null,
      current: viewerCsrf !== null && data.csrfToken === viewerCsrf,
    };
  });
}

function parseSessionData(text: string): { device?: StaffSessionInfo['device']; csrfToken?: string } {
  try {
    return JSON.parse(text) as { device?: StaffSessionInfo['device']; csrfToken?: string };
  } catch {
    return {};
  }
}

/** Ends one session of this user, named by its stored key; false when it had already ended. */
export async function deleteUserSessionByRef(db: Db, userId: string, ref: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('sid', '=', ref).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
