import type { Db } from '../database.ts';
import type { AuditLogTable, AuditRow } from '../types.ts';

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
export function listAudit(db: Db, limit: number, before?: { createdAt: string; id: string }): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.createdAt),
        eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
