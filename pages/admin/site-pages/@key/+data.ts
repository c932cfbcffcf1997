import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ERROR_PAGES } from '../../../../shared/messages.ts';
import type { PreviewLink } from '../../../../shared/previews.ts';
import { isWordsKey, type WordsEditorState } from '../../../../shared/site-words.ts';

export interface WordsEditorData {
  state: WordsEditorState;
  /** The page's share links that work now (docs/product.md#site-words). */
  shareLinks: PreviewLink[];
}

export async function data(pageContext: PageContextServer): Promise<WordsEditorData> {
  const key = pageContext.routeParams.key!;
  if (!isWordsKey(key)) throw render(404, ERROR_PAGES.sitePage);
  const { user } = pageContext;
  const { words } = pageContext.services;
  const [state, shareLinks] = await Promise.all([
    words.editorState(key, pageContext.settings.name, { userId: user!.id, email: user!.email, ip: null }),
    words.shareLinks(key),
  ]);
  return { state, shareLinks };
}
