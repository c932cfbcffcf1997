import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { BlogPost } from '../../../../shared/blog.ts';
import { ERROR_PAGES } from '../../../../shared/messages.ts';

export interface PreviewData {
  post: BlogPost;
  now: number;
}

/** Any post, drafts and scheduled ones included: the guard has already checked this is staff. */
export async function data(pageContext: PageContextServer): Promise<PreviewData> {
  const post = await pageContext.services.admin.post(pageContext.routeParams.id!);
  if (!post) {
    throw render(404, ERROR_PAGES.post);
  }
  return { post, now: Date.now() };
}
