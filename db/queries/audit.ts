import type { Cursor } from '../../shared/cursor.ts';
import type { Db } from '../database.ts';
import type { AuditEntry } from '../../shared/admin.ts';
import type { AuditLogTable, AuditRow } from '../types.ts';
import { afterKey } from './predicates.ts';

export function toAuditEntry(r: AuditRow): AuditEntry {
  return { id: r.id, actor: r.actor, action: r.action, target: r.target, ip: r.ip, createdAt: r.created_at };
}

export async function insertAudit(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** How many times `action` was logged since `since` for this target or from this IP (served by indexes). */
export async function countRecentActions(
  db: Db,
  action: string,
  since: string,
  by: { target: string } | { ip: string },
): Promise<number> {
  let query = db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action)
    .where('created_at', '>=', since);
  query = 'target' in by ? query.where('target', '=', by.target) : query.where('ip', '=', by.ip);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first, keyset-paged on (created_at, id). */
export async function listAudit(db: Db, limit: number, after: Cursor | null): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (after) query = query.where(afterKey('created_at', after));
  return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map(toAuditEntry);
}
