import type { PostAccess } from '../../db/queries/blogs.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { postStatus } from '../../shared/blog.ts';
import { type Role, can } from '../../shared/roles.ts';
import { AppError } from '../core/errors.ts';

/** The signed-in person writing: their account and role. Scripts and demo content write without one. */
export interface Writer {
  userId: string;
  role: Role;
}

/**
 * Whether `writer` may open and change a post (docs/product.md#roles): with `posts.edit-any`, every post; with
 * only `posts.write`, the drafts they created; without either (an Author since made Sales), none. Refused as
 * PERMISSION_DENIED, never as "not found", so the editor shows why.
 */
export function mayEdit(writer: Writer, post: Pick<PostAccess, 'createdBy' | 'published'>): boolean {
  if (can(writer.role, 'posts.edit-any')) return true;
  return can(writer.role, 'posts.write') && post.createdBy === writer.userId && !post.published;
}

/**
 * Whether `writer` may open a post at all: in the editor (mayEdit), or on the blog once it is public. What a
 * person may not open is never named to them elsewhere either (the media library's "Used in").
 */
export function mayOpen(writer: Writer, post: Pick<PostAccess, 'createdBy' | 'published'> & { publishedAt: string }, now: number): boolean {
  return mayEdit(writer, post) || postStatus(post, now) === 'Published';
}

export function assertMayEdit(writer: Writer | undefined, post: PostAccess): void {
  if (writer && !mayEdit(writer, post)) throw new AppError('PERMISSION_DENIED', EDITOR_MESSAGES.notYourPost);
}

/** Whether `writer` may publish posts; scripts and demo content, which write without one, may. */
export function mayPublish(writer: Writer | undefined): boolean {
  return !writer || can(writer.role, 'posts.publish');
}

/** A save that leaves a post published (or scheduled) needs `posts.publish`; others submit for review. */
export function assertMayPublish(writer: Writer | undefined, published: boolean): void {
  if (published && !mayPublish(writer)) throw new AppError('PERMISSION_DENIED', EDITOR_MESSAGES.publishNeedsEditor);
}

/** The posts a person's admin list shows: everyone's with `posts.edit-any`, else only their own (null: everyone's). */
export function listedCreator(writer: Writer): string | null {
  return can(writer.role, 'posts.edit-any') ? null : writer.userId;
}
