import type { PageContextServer } from 'vike/types';
import type { BlogListPage } from '../../../shared/blog.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export interface AdminBlogData extends BlogListPage {
  /** When the list was read: the server and the browser then agree on which posts are scheduled. */
  now: number;
}

export async function data(pageContext: PageContextServer): Promise<AdminBlogData> {
  const page = await orNotFound(pageContext.services.admin.posts(pageContext.urlParsed.search.cursor || undefined), '/admin/blog');
  return { ...page, now: Date.now() };
}
