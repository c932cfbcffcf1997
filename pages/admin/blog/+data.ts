import type { PageContextServer } from 'vike/types';
import type { AdminPostPage } from '../../../shared/blog.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export interface AdminBlogData extends AdminPostPage {
  /** When the list was read: the server and the browser then agree on which posts are scheduled. */
  now: number;
  /** Each listed post's views and leads over 30 days, by slug; null for a person who may not see analytics. */
  figures: Record<string, { views: number; leads: number | null }> | null;
}

export async function data(pageContext: PageContextServer): Promise<AdminBlogData> {
  const page = await orNotFound(
    pageContext.services.admin.posts(pageContext.user!, pageContext.urlParsed.search.cursor || undefined),
    '/admin/blog',
  );
  const figures = await pageContext.services.admin.postFigures(
    pageContext.user!,
    page.posts.map((p) => p.slug),
  );
  return { ...page, now: Date.now(), figures };
}
