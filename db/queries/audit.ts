import type { Cursor } from '../../shared/cursor.ts';
import type { Db } from '../database.ts';
import type { AuditEntry } from '../../shared/admin.ts';
import type { AuditLogTable, AuditRow } from '../types.ts';
import { afterKey } from './predicates.ts';

export function toAuditEntry(r: AuditRow): AuditEntry {
  return { id: r.id, userId: r.user_id, actor: r.actor, action: r.action, target: r.target, ip: r.ip, createdAt: r.created_at };
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

/** Newest first, keyset-paged on (created_at, id); optionally one person's entries, or one action's. */
export async function listAudit(
  db: Db,
  limit: number,
  after: Cursor | null,
  filter: { userId?: string | undefined; action?: string | undefined } = {},
): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (after) query = query.where(afterKey('created_at', after));
  return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map(toAuditEntry);
}

/** The titles and names of the posts, leads and people that still exist among these ids and addresses. */
export interface AuditSubjectNames {
  posts: Map<string, string>;
  quotes: Map<string, string>;
  contacts: Map<string, string>;
  /** Staff accounts by id, and by (lower-case) e-mail: the id and name. */
  people: Map<string, { id: string; name: string }>;
}

export async function findAuditSubjects(
  db: Db,
  wanted: { posts: string[]; quotes: string[]; contacts: string[]; userIds: string[]; emails: string[] },
): Promise<AuditSubjectNames> {
  const none = Promise.resolve([] as Array<{ id: string; name: string }>);
  const [posts, quotes, contacts, people] = await Promise.all([
    wanted.posts.length ? db.selectFrom('blogs').select(['id', 'title as name']).where('id', 'in', wanted.posts).execute() : none,
    wanted.quotes.length ? db.selectFrom('quotes').select(['id', 'name']).where('id', 'in', wanted.quotes).execute() : none,
    wanted.contacts.length ? db.selectFrom('contacts').select(['id', 'name']).where('id', 'in', wanted.contacts).execute() : none,
    wanted.userIds.length || wanted.emails.length
      ? db
          .selectFrom('users')
          .select(['id', 'name', 'email'])
          .where((eb) => eb.or([eb('id', 'in', [...wanted.userIds, '']), eb('email', 'in', [...wanted.emails, ''])]))
          .execute()
      : Promise.resolve([] as Array<{ id: string; name: string; email: string }>),
  ]);
  const byId = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((r) => [r.id, r.name]));
  const peopleMap = new Map<string, { id: string; name: string }>();
  for (const p of people) {
    peopleMap.set(p.id, { id: p.id, name: p.name });
    peopleMap.set(p.email, { id: p.id, name: p.name });
  }
  return { posts: byId(posts), quotes: byId(quotes), contacts: byId(contacts), people: peopleMap };
}

/** Every staff account's id and name, for the audit log's person filter. */
export function listAuditPeople(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('users').select(['id', 'name']).orderBy('name').execute();
}
