import type { PreviewLink } from '../../shared/previews.ts';
import type { Role } from '../../shared/roles.ts';
import type { Db } from '../database.ts';
import { storedRole } from './users.ts';

/** Who made a link, as their account is now; null when it is deactivated (or unknown). */
export interface LinkMaker {
  userId: string;
  role: Role;
}

/** What a link shows: a post's preview, or a page's or service's draft (by its words' key). */
export type LinkSubject = { blogId: string } | { wordsKey: string };

/** A link found by its token. */
export interface LiveLink {
  subject: LinkSubject;
  expiresAt: string;
  maker: LinkMaker | null;
}

/** The column naming a subject, and its value. */
function subjectColumn(subject: LinkSubject): ['preview_links.blog_id' | 'preview_links.words_key', string] {
  return 'blogId' in subject ? ['preview_links.blog_id', subject.blogId] : ['preview_links.words_key', subject.wordsKey];
}

function makerOf(row: { created_by: string | null; role: string | null; deactivated_at: string | null }): LinkMaker | null {
  return row.created_by && row.role !== null && row.deactivated_at === null ? { userId: row.created_by, role: storedRole(row.role) } : null;
}

export interface NewPreviewLinkRow {
  id: string;
  subject: LinkSubject;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  tokenHash: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export async function insertPreviewLink(db: Db, link: NewPreviewLinkRow): Promise<void> {
  await db
    .insertInto('preview_links')
    .values({
      id: link.id,
      blog_id: 'blogId' in link.subject ? link.subject.blogId : null,
      words_key: 'wordsKey' in link.subject ? link.subject.wordsKey : null,
      token_hash: link.tokenHash,
      created_by: link.createdBy,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The columns that say who made a link and what their account may do now. */
const MAKER_COLUMNS = ['preview_links.created_by', 'users.role', 'users.deactivated_at'] as const;

/**
 * A post's (or page's) links neither expired at `now` nor turned off, newest first, with the name of who made each and their
 * account as it is now (whether a link works also depends on that: server/blog/post-previews.ts).
 */
export async function listLivePreviewLinks(
  db: Db,
  subject: LinkSubject,
  now: string,
): Promise<Array<{ link: PreviewLink; maker: LinkMaker | null }>> {
  const [column, value] = subjectColumn(subject);
  const rows = await db
    .selectFrom('preview_links')
    .leftJoin('users', 'users.id', 'preview_links.created_by')
    .select(['preview_links.id', 'preview_links.created_at', 'preview_links.expires_at', 'users.name', ...MAKER_COLUMNS])
    .where(column, '=', value)
    .where('preview_links.expires_at', '>', now)
    .where('preview_links.revoked_at', 'is', null)
    .orderBy('preview_links.created_at', 'desc')
    .orderBy('preview_links.id', 'desc')
    .execute();
  return rows.map((r) => ({ link: { id: r.id, createdAt: r.created_at, expiresAt: r.expires_at, createdBy: r.name }, maker: makerOf(r) }));
}

/** Turns off one of a post's (or page's) links; false when it has no such link working. */
export async function revokePreviewLink(db: Db, subject: LinkSubject, id: string, now: string): Promise<boolean> {
  const [column, value] = subjectColumn(subject);
  const result = await db
    .updateTable('preview_links')
    .set({ revoked_at: now })
    .where(column, '=', value)
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns off every link `userId` made that still works (their deactivation: a reactivation does not bring them back). */
export async function revokePreviewLinksMadeBy(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('preview_links')
    .set({ revoked_at: now })
    .where('created_by', '=', userId)
    .where('expires_at', '>', now)
    .where('revoked_at', 'is', null)
    .execute();
}

/** What a token's link shows, until when, and its maker as they are now: while the link is neither expired nor turned off. */
export async function findLivePreviewLink(db: Db, tokenHash: string, now: string): Promise<LiveLink | undefined> {
  const row = await db
    .selectFrom('preview_links')
    .leftJoin('users', 'users.id', 'preview_links.created_by')
    .select(['preview_links.blog_id', 'preview_links.words_key', 'preview_links.expires_at', ...MAKER_COLUMNS])
    .where('preview_links.token_hash', '=', tokenHash)
    .where('preview_links.expires_at', '>', now)
    .where('preview_links.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const subject: LinkSubject = row.blog_id ? { blogId: row.blog_id } : { wordsKey: row.words_key! };
  return { subject, expiresAt: row.expires_at, maker: makerOf(row) };
}
