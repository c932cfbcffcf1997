import type { PageContextServer } from 'vike/types';
import type { EditorData } from './PostEditor.tsx';

export async function data(pageContext: PageContextServer): Promise<EditorData> {
  const user = pageContext.user!;
  const state = (await pageContext.services.admin.editor(null, user))!;
  return { state, shareLinks: [], defaultAuthor: user.name, now: new Date().toISOString() };
}
