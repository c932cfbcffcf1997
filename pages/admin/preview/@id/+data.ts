import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { BlogPost } from '../../../../shared/blog.ts';
import { ERROR_PAGES } from '../../../../shared/messages.ts';
import { orRefused } from '../../ui/refused.ts';

export interface PreviewData {
  post: BlogPost;
  now: number;
}

/** Any post the person may edit, drafts and scheduled ones included; another's draft for an Author is the 403 page. */
export async function data(pageContext: PageContextServer): Promise<PreviewData> {
  const user = pageContext.user!;
  const post = await orRefused(pageContext.services.admin.post(pageContext.routeParams.id!, user), user, 'posts.edit-any');
  if (!post) {
    throw render(404, ERROR_PAGES.post);
  }
  return { post, now: Date.now() };
}
