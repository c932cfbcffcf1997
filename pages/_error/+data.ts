import type { PageContextServer } from 'vike/types';
import type { BlogSummary } from '../../shared/blog.ts';

export interface ErrorPageData {
  /** The newest posts, offered by the not-found pages as a way on; empty when they cannot be read. */
  latest: BlogSummary[];
}

const LATEST_SHOWN = 3;

export async function data(pageContext: PageContextServer): Promise<ErrorPageData> {
  if (!pageContext.is404) return { latest: [] };
  try {
    return { latest: await pageContext.services.blog.latestPosts(LATEST_SHOWN) };
  } catch (err) {
    // A not-found page must still render when the database is away; the log keeps why the list is missing.
    console.error('latest posts for the not-found page failed', err);
    return { latest: [] };
  }
}
