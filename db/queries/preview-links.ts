import type { PreviewLink } from '../../shared/previews.ts';
import type { Db } from '../database.ts';

export interface NewPreviewLinkRow {
  id: string;
  blogId: string;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  tokenHash: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export async function insertPreviewLink(db: Db, link: NewPreviewLinkRow): Promise<void> {
  await db
    .insertInto('post_preview_links')
    .values({
      id: link.id,
      blog_id: link.blogId,
      token_hash: link.tokenHash,
      created_by: link.createdBy,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** A post's links that work at `now`, newest first, with the name of who made each. */
export async function listLivePreviewLinks(db: Db, blogId: string, now: string): Promise<PreviewLink[]> {
  const rows = await db
    .selectFrom('post_preview_links')
    .leftJoin('users', 'users.id', 'post_preview_links.created_by')
    .select(['post_preview_links.id', 'post_preview_links.created_at', 'post_preview_links.expires_at', 'users.name'])
    .where('post_preview_links.blog_id', '=', blogId)
    .where('post_preview_links.expires_at', '>', now)
    .where('post_preview_links.revoked_at', 'is', null)
    .orderBy('post_preview_links.created_at', 'desc')
    .orderBy('post_preview_links.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, expiresAt: r.expires_at, createdBy: r.name }));
}

/** Turns off one of a post's links; false when the post has no such link working. */
export async function revokePreviewLink(db: Db, blogId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('post_preview_links')
    .set({ revoked_at: now })
    .where('blog_id', '=', blogId)
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The post a token's link shows and until when, while the link works: not expired, not turned off, and made by
 * an account that is still active (a deactivated person's links stop with their access).
 */
export async function findLivePreviewLink(db: Db, tokenHash: string, now: string): Promise<{ blogId: string; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('post_preview_links')
    .leftJoin('users', 'users.id', 'post_preview_links.created_by')
    .select(['post_preview_links.blog_id', 'post_preview_links.expires_at'])
    .where('post_preview_links.token_hash', '=', tokenHash)
    .where('post_preview_links.expires_at', '>', now)
    .where('post_preview_links.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('post_preview_links.created_by', 'is', null), eb('users.deactivated_at', 'is', null)]))
    .executeTakeFirst();
  return row && { blogId: row.blog_id, expiresAt: row.expires_at };
}
