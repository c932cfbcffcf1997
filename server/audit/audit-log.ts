import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { insertAudit, listAudit, listAuditPeople } from '../../db/queries/audit.ts';
import type { AuditAction, AuditPage, AuditQuery } from '../../shared/admin.ts';
import { encodeCursor } from '../../shared/cursor.ts';
import type { ServiceNames } from '../../shared/lead-fields.ts';
import { cursorParam, keysetPage } from '../core/keyset-cursor.ts';
import { withSubjects } from './audit-subjects.ts';

/** Who did something: the signed-in staff member (or the email tried) and the client's IP. */
export interface Actor {
  userId: string | null;
  email: string | null;
  ip: string | null;
}

/** Work the site does by itself or from the command line (retention, demo content, scripts). */
export const SYSTEM_ACTOR: Actor = { userId: null, email: 'system', ip: null };

/** Takes the caller's transaction, so an entry is written with the change it records, or not at all. */
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

/** Runs a change and writes its audit entry in one transaction; `entry` may describe the change's result. */
export function withAudit<T>(
  db: Db,
  actor: Actor,
  action: AuditAction,
  change: (trx: Db) => Promise<T>,
  entry: (result: T) => string | null = () => null,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordAudit(trx, actor, action, entry(result));
    return result;
  });
}

const AUDIT_PAGE_SIZE = 50;

/**
 * A page of the log, newest first, filtered by person (their account id) and action; each entry a sentence linking
 * to its subject, its times in the company's time zone.
 */
export async function listAuditPage(db: Db, query: AuditQuery, timeZone: string, names: ServiceNames): Promise<AuditPage> {
  const filter = { userId: query.person, action: query.action };
  const after = cursorParam(query.cursor);
  const [page, people] = await Promise.all([
    keysetPage(
      AUDIT_PAGE_SIZE,
      (take) => listAudit(db, take, after, filter),
      (entry) => ({ at: entry.createdAt, id: entry.id }),
    ),
    listAuditPeople(db),
  ]);
  return { entries: await withSubjects(db, page.items, timeZone, names), nextCursor: page.next && encodeCursor(page.next), people };
}
