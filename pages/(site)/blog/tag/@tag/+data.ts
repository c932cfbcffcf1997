import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { BLOG_LIST_MAX_PAGES, type BlogTagPage, tagPath } from '../../../../../shared/blog.ts';
import { ERROR_PAGES } from '../../../../../shared/messages.ts';

export interface BlogTagData {
  page: BlogTagPage;
  /** The tag page's own address, `tagPath` of its tag. */
  path: string;
  /** Pages of the list shown: `?page=N` is the list after N-1 Load More, as on /blog. */
  pages: number;
}

/** The tag as the address spells it: the raw path segment, decoded once ("ci%2Fcd" is "ci/cd"); null if malformed. */
function tagOf(pathnameOriginal: string): { raw: string; tag: string } | null {
  const raw = pathnameOriginal.split('/')[3] ?? '';
  try {
    return { raw, tag: decodeURIComponent(raw) };
  } catch {
    return null;
  }
}

/**
 * docs/product.md#blog-tags: the first N pages (`?page=N`) of a tag's public posts. Any other spelling of the tag
 * (another case, other escapes) answers 301 to its one address; a tag no public post carries is a 404.
 */
export async function data(pageContext: PageContextServer): Promise<BlogTagData> {
  const { search, pathnameOriginal } = pageContext.urlParsed;
  const found = tagOf(pathnameOriginal);
  const raw = search.page ?? '1';
  const pages = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
  if (!found || pages < 1 || pages > BLOG_LIST_MAX_PAGES) throw render(404, ERROR_PAGES.blogTag);
  const path = tagPath(found.tag);
  if (`/blog/tag/${found.raw}` !== path) throw redirect(pages > 1 ? `${path}?page=${pages}` : path, 301);
  const page = await pageContext.services.blog.listByTag(found.tag, pages);
  if (!page) throw render(404, ERROR_PAGES.blogTag);
  return { page, path, pages };
}
