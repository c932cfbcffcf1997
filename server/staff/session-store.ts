import session from 'express-session';
import type { Db } from '../../db/database.ts';
import { deleteExpiredSessions, deleteSession, findLiveSession, setSessionExpiry, upsertSession } from '../../db/queries/sessions.ts';
import './session-types.ts';

type Callback = (err?: unknown, value?: session.SessionData | null) => void;

/** The expiry stored with the row: the cookie's rolling (idle) expiry, capped by the absolute lifetime. */
function expiryOf(data: session.SessionData): string {
  const idle = data.cookie.expires ? new Date(data.cookie.expires).getTime() : Date.now() + 24 * 3600_000;
  const capped = data.absoluteExpiresAt ? Math.min(idle, data.absoluteExpiresAt) : idle;
  return new Date(capped).toISOString();
}

/**
 * express-session store in the `sessions` table, so sessions survive restarts and every instance sees them.
 * Expired rows are never returned and are pruned at each sign-in.
 */
export class KyselySessionStore extends session.Store {
  private readonly db: Db;

  constructor(db: Db) {
    super();
    this.db = db;
  }

  override get(sid: string, callback: Callback): void {
    findLiveSession(this.db, sid, new Date().toISOString())
      .then((row) => callback(null, row ? (JSON.parse(row.data) as session.SessionData) : null))
      .catch((err: unknown) => callback(err));
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    upsertSession(this.db, {
      sid,
      user_id: data.passport?.user ?? null,
      data: JSON.stringify(data),
      expires_at: expiryOf(data),
      created_at: new Date().toISOString(),
    })
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  override touch(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    setSessionExpiry(this.db, sid, expiryOf(data))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    deleteSession(this.db, sid)
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  prune(): Promise<number> {
    return deleteExpiredSessions(this.db, new Date().toISOString());
  }
}
