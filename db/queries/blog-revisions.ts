import type { PostContent, PostRevision } from '../../shared/blog.ts';
import type { PreviewVersion } from '../../shared/previews.ts';
import { POST_FIELDS, type PublishState, REVISION_KINDS, type RevisionChange } from '../../shared/revisions.ts';
import type { Db } from '../database.ts';
import type { BlogRevisionsTable } from '../types.ts';
import { type StoredPost, contentColumns } from './blogs.ts';

/** A stored version as its diff reads it: its words, and its publishing state when it was recorded. */
export type StoredRevision = PostContent & { savedAt: string; publishing: PublishState | null };

export async function insertRevision(
  db: Db,
  revision: { id: string; post: StoredPost; userId: string | null; at: string; change: RevisionChange },
): Promise<void> {
  const { post, change } = revision;
  await db
    .insertInto('blog_revisions')
    .values({
      id: revision.id,
      blog_id: post.id,
      ...contentColumns(post),
      user_id: revision.userId,
      created_at: revision.at,
      published: post.published ? 1 : 0,
      published_at: post.publishedAt,
      change_kind: change.kind,
      changed: change.fields.join(','),
      restored_from: change.restoredFrom,
    })
    .execute();
}

/** The change a row records; null for rows from before migration 170, or with a kind this code does not know. */
function changeOf(row: Pick<BlogRevisionsTable, 'change_kind' | 'changed' | 'restored_from'>): RevisionChange | null {
  const kind = REVISION_KINDS.find((k) => k === row.change_kind);
  if (!kind) return null;
  const named = new Set((row.changed ?? '').split(','));
  return { kind, fields: POST_FIELDS.filter((f) => named.has(f)), restoredFrom: row.restored_from };
}

/** Drops a post's versions beyond the newest `keep`. */
export async function pruneRevisions(db: Db, blogId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('blog_revisions')
    .where('blog_id', '=', blogId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('blog_revisions')
        .select('id')
        .where('blog_id', '=', blogId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** A post's versions, newest first, with the name of who saved each. */
export async function listRevisions(db: Db, blogId: string, limit: number): Promise<PostRevision[]> {
  const rows = await db
    .selectFrom('blog_revisions')
    .leftJoin('users', 'users.id', 'blog_revisions.user_id')
    .select([
      'blog_revisions.id',
      'blog_revisions.created_at',
      'blog_revisions.title',
      'blog_revisions.change_kind',
      'blog_revisions.changed',
      'blog_revisions.restored_from',
      'users.name',
    ])
    .where('blog_revisions.blog_id', '=', blogId)
    .orderBy('blog_revisions.created_at', 'desc')
    .orderBy('blog_revisions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, savedAt: r.created_at, savedBy: r.name, title: r.title, change: changeOf(r) }));
}

/** When the post's newest version was saved, and by whom: what its preview names. */
export async function findNewestVersion(db: Db, blogId: string): Promise<PreviewVersion | undefined> {
  const row = await db
    .selectFrom('blog_revisions')
    .leftJoin('users', 'users.id', 'blog_revisions.user_id')
    .select(['blog_revisions.created_at', 'users.name'])
    .where('blog_revisions.blog_id', '=', blogId)
    .orderBy('blog_revisions.created_at', 'desc')
    .orderBy('blog_revisions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { savedAt: row.created_at, savedBy: row.name };
}

export async function findRevision(db: Db, blogId: string, id: string): Promise<StoredRevision | undefined> {
  const row = await db.selectFrom('blog_revisions').selectAll().where('blog_id', '=', blogId).where('id', '=', id).executeTakeFirst();
  return (
    row && {
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      content: row.content,
      author: row.author,
      tags: JSON.parse(row.tags) as string[],
      featuredImage: row.featured_image,
      featuredImageAlt: row.featured_image_alt,
      savedAt: row.created_at,
      publishing:
        row.published === null || row.published_at === null ? null : { published: row.published === 1, publishedAt: row.published_at },
    }
  );
}

/** One person's autosaved form for one post (or for a post not created yet), as JSON text. */
export async function upsertAutosave(
  db: Db,
  autosave: { key: string; userId: string; blogId: string | null; form: string; at: string },
): Promise<void> {
  await db
    .insertInto('blog_autosaves')
    .values({ key: autosave.key, user_id: autosave.userId, blog_id: autosave.blogId, form: autosave.form, saved_at: autosave.at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ form: autosave.form, saved_at: autosave.at }))
    .execute();
}

export async function findAutosave(db: Db, key: string): Promise<{ form: string; savedAt: string } | undefined> {
  const row = await db.selectFrom('blog_autosaves').select(['form', 'saved_at']).where('key', '=', key).executeTakeFirst();
  return row && { form: row.form, savedAt: row.saved_at };
}

export async function deleteAutosave(db: Db, key: string): Promise<void> {
  await db.deleteFrom('blog_autosaves').where('key', '=', key).execute();
}
