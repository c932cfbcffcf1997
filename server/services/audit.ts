import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { countRecentActions, insertAudit, listAudit } from '../../db/queries/audit.ts';
import type { AuditAction, AuditPage } from '../../shared/admin.ts';
import { decodeCursor, encodeCursor } from './keyset-cursor.ts';

/** Who did something: the signed-in staff member (or the email tried) and the client's IP. */
export interface Actor {
  userId: string | null;
  email: string | null;
  ip: string | null;
}

export async function recordAudit(db: Db, actor: Actor, action: AuditAction, target: string | null = null): Promise<void> {
  await insertAudit(db, {
    id: randomUUID(),
    user_id: actor.userId,
    actor: actor.email,
    action,
    target,
    ip: actor.ip,
    created_at: new Date().toISOString(),
  });
}

export function countActionsSince(
  db: Db,
  action: AuditAction,
  since: Date,
  by: { target: string } | { ip: string },
): Promise<number> {
  return countRecentActions(db, action, since.toISOString(), by);
}

const AUDIT_PAGE_SIZE = 50;

export async function listAuditPage(db: Db, cursor?: string): Promise<AuditPage> {
  const rows = await listAudit(db, AUDIT_PAGE_SIZE + 1, decodeCursor(cursor));
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({ id: r.id, actor: r.actor, action: r.action, target: r.target, ip: r.ip, createdAt: r.created_at })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
