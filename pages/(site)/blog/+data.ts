import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { BLOG_LIST_MAX_PAGES, type BlogListPage } from '../../../shared/blog.ts';
import { ERROR_PAGES } from '../../../shared/messages.ts';

export interface BlogListData {
  page: BlogListPage;
  q: string;
  /** Pages of the list shown: `?page=N` is the list after N-1 Load More, so Back returns to the same list. */
  pages: number;
}

/** The first page, a search (`?q=`) or the first N pages (`?page=N`), from the server. */
export async function data(pageContext: PageContextServer): Promise<BlogListData> {
  const { search } = pageContext.urlParsed;
  const q = (search.q ?? '').trim();
  const raw = search.page ?? '1';
  const pages = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
  if (pages < 1 || pages > BLOG_LIST_MAX_PAGES) {
    throw render(404, ERROR_PAGES.blogListPage);
  }
  const page = await pageContext.services.blog.listPublic({ q, pages });
  return { page, q, pages };
}
