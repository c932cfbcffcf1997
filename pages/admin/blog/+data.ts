import type { PageContextServer } from 'vike/types';
import type { AdminPostPage } from '../../../shared/blog.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export interface AdminBlogData extends AdminPostPage {
  /** When the list was read: the server and the browser then agree on which posts are scheduled. */
  now: number;
}

export async function data(pageContext: PageContextServer): Promise<AdminBlogData> {
  const page = await orNotFound(pageContext.services.admin.posts(pageContext.user!, pageContext.urlParsed.search.cursor || undefined), '/admin/blog');
  return { ...page, now: Date.now() };
}
