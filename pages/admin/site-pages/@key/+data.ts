import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ERROR_PAGES } from '../../../../shared/messages.ts';
import { isWordsKey, type WordsEditorState } from '../../../../shared/site-words.ts';

export function data(pageContext: PageContextServer): Promise<WordsEditorState> {
  const key = pageContext.routeParams.key!;
  if (!isWordsKey(key)) throw render(404, ERROR_PAGES.sitePage);
  const { user } = pageContext;
  return pageContext.services.words.editorState(key, pageContext.settings.name, { userId: user!.id, email: user!.email, ip: null });
}
