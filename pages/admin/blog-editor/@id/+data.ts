import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { EditorData } from '../PostEditor.tsx';
import { ERROR_PAGES } from '../../../../shared/messages.ts';

export async function data(pageContext: PageContextServer): Promise<EditorData> {
  const user = pageContext.user!;
  const state = await pageContext.services.admin.editor(pageContext.routeParams.id!, user.id);
  if (!state) {
    throw render(404, ERROR_PAGES.post);
  }
  return { state, defaultAuthor: user.name, now: new Date().toISOString() };
}
