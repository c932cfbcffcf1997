import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { PostPreview } from '../../../../shared/previews.ts';
import { ERROR_PAGES } from '../../../../shared/messages.ts';
import { orRefused } from '../../ui/refused.ts';

export interface PreviewData {
  preview: PostPreview;
  now: number;
}

/** Any post the person may edit, drafts and scheduled ones included; another's draft for an Author is the 403 page. */
export async function data(pageContext: PageContextServer): Promise<PreviewData> {
  const user = pageContext.user!;
  const preview = await orRefused(pageContext.services.admin.preview(pageContext.routeParams.id!, user), user, 'posts.edit-any');
  if (!preview) {
    throw render(404, ERROR_PAGES.post);
  }
  return { preview, now: Date.now() };
}
