import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { BlogListPage } from '../../shared/blog.ts';
import { decodeCursor } from '../../shared/cursor.ts';

export interface BlogListData {
  page: BlogListPage;
  q: string;
  after: string | null;
}

/** The first page, a search (`?q=`) or a later page reached by a crawlable link (`?after=`), from the server. */
export async function data(pageContext: PageContextServer): Promise<BlogListData> {
  const { search } = pageContext.urlParsed;
  const q = (search.q ?? '').trim();
  const after = search.after || null;
  if (after && !decodeCursor(after)) {
    throw render(404, { title: 'Page not found', message: 'That page of the blog does not exist.', backHref: '/blog', backLabel: 'Back to the blog' });
  }
  const page = await pageContext.services.blog.listPublic({ cursor: after, q });
  return { page, q, after };
}
