import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { EditorData } from '../PostEditor.tsx';
import { ERROR_PAGES } from '../../../../shared/messages.ts';

export async function data(pageContext: PageContextServer): Promise<EditorData> {
  const post = await pageContext.services.admin.post(pageContext.routeParams.id!);
  if (!post) {
    throw render(404, ERROR_PAGES.post);
  }
  return { post, defaultAuthor: pageContext.user!.name, now: new Date().toISOString() };
}
