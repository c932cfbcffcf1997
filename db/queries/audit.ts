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

/** The titles and names of the posts, leads, people and images that still exist among these ids and addresses. */
export interface AuditSubjectNames {
  posts: Map<string, string>;
  quotes: Map<string, string>;
  contacts: Map<string, string>;
  /** Staff accounts by id, and by (lower-case) e-mail: the id and name. */
  people: Map<string, { id: string; name: string }>;
  images: Map<string, { fileName: string; format: string; width: number }>;
}

export async function findAuditSubjects(
  db: Db,
  wanted: { posts: string[]; quotes: string[]; contacts: string[]; userIds: string[]; emails: string[]; images: string[] },
): Promise<AuditSubjectNames> {
  const none = Promise.resolve([] as Array<{ id: string; name: string }>);
  const [posts, quotes, contacts, people, images] = await Promise.all([
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
    wanted.images.length
      ? db.selectFrom('images').select(['id', 'file_name', 'format', 'width']).where('id', 'in', wanted.images).execute()
      : Promise.resolve([] as Array<{ id: string; file_name: string; format: string; width: number }>),
  ]);
  const byId = (rows: Array<{ id: string; name: string }>) => new Map(rows.map((r) => [r.id, r.name]));
  const peopleMap = new Map<string, { id: string; name: string }>();
  for (const p of people) {
    peopleMap.set(p.id, { id: p.id, name: p.name });
    peopleMap.set(p.email, { id: p.id, name: p.name });
  }
  return {
    posts: byId(posts),
    quotes: byId(quotes),
    contacts: byId(contacts),
    people: peopleMap,
    images: new Map(images.map((r) => [r.id, { fileName: r.file_name, format: r.format, width: r.width }])),
  };
}

/** The lead each of these notifications is about (notifications to staff, such as invitations, have none). */
export async function findNotificationLeads(db: Db, ids: string[]): Promise<Map<string, { type: 'quote' | 'contact'; id: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('outbox').select(['id', 'lead_type', 'lead_id']).where('id', 'in', ids).execute();
  return new Map(
    rows.flatMap((r) =>
      r.lead_type === 'quote' || r.lead_type === 'contact' ? [[r.id, { type: r.lead_type, id: r.lead_id }] as const] : [],
    ),
  );
}

/** Every staff account's id and name, for the audit log's person filter. */
export function listAuditPeople(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('users').select(['id', 'name']).orderBy('name').execute();
}
