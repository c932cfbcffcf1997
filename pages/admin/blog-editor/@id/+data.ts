import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { EditorData } from '../PostEditor.tsx';
import { ERROR_PAGES } from '../../../../shared/messages.ts';
import { orRefused } from '../../ui/refused.ts';

export async function data(pageContext: PageContextServer): Promise<EditorData> {
  const user = pageContext.user!;
  const id = pageContext.routeParams.id!;
  // Another person's draft, for someone who may edit only their own, is the 403 page.
  const state = await orRefused(pageContext.services.admin.editor(id, user), user, 'posts.edit-any');
  if (!state) {
    throw render(404, ERROR_PAGES.post);
  }
  const shareLinks = await pageContext.services.admin.shareLinks(id, user);
  return { state, shareLinks, defaultAuthor: user.name, now: new Date().toISOString() };
}
