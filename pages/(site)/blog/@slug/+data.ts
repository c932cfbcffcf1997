import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { BlogPost, BlogSummary } from '../../../../shared/blog.ts';
import { ERROR_PAGES, MESSAGES } from '../../../../shared/messages.ts';
import type { NotFoundReason } from '../../../_error/+Page.tsx';

export interface BlogPostData {
  post: BlogPost;
  /** Other posts sharing its tags, shown at its end. */
  related: BlogSummary[];
}

/** A post's error pages lead back to the blog, as the blog's own not-found page does. */
const BACK = { backHref: ERROR_PAGES.blogListPage.backHref, backLabel: ERROR_PAGES.blogListPage.backLabel };

/**
 * One public post. A renamed post's old slug answers 301 to the new one; a missing, draft or scheduled post is
 * a 404 "Blog Post Not Found"; a database failure is a 503 "Error loading blog post".
 */
export async function data(pageContext: PageContextServer): Promise<BlogPostData> {
  const slug = pageContext.routeParams.slug!;
  const { blog } = pageContext.services;
  let post: BlogPost | null;
  let movedTo: string | null = null;
  try {
    post = await blog.getPublicBySlug(slug);
    if (!post) movedTo = await blog.resolveRedirect(slug);
  } catch (err) {
    // The error page shows no detail; the server log keeps it.
    console.error('blog post load failed', err);
    const reason: NotFoundReason = { title: MESSAGES.blogLoadError, message: MESSAGES.blogLoadError, ...BACK };
    throw render(503, reason);
  }
  if (movedTo) throw redirect(`/blog/${encodeURIComponent(movedTo)}`, 301);
  if (!post) {
    const reason: NotFoundReason = { title: MESSAGES.blogNotFoundTitle, message: MESSAGES.blogNotFound, ...BACK };
    throw render(404, reason);
  }
  return { post, related: await blog.relatedPosts(post) };
}
