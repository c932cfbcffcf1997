import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ERROR_PAGES } from '../../../../../shared/messages.ts';
import { NAVIGATION_KEY, isWordsKey } from '../../../../../shared/site-words.ts';
import { type WordsPreviewData, wordsPreviewData } from '../../../../(site)/preview/words-preview.ts';

export type { WordsPreviewData } from '../../../../(site)/preview/words-preview.ts';

/** The page with the key's draft in place of its published words (words-preview.ts). */
export async function data(pageContext: PageContextServer): Promise<WordsPreviewData> {
  const key = pageContext.routeParams.key!;
  const words = isWordsKey(key) ? await pageContext.services.words.withDraft(key, pageContext.settings.name) : null;
  // The navigation is in every page's frame, not a page of its own: it has no preview.
  const preview = words && isWordsKey(key) && key !== NAVIGATION_KEY && wordsPreviewData(key, words, pageContext.services.captcha);
  if (!preview) throw render(404, ERROR_PAGES.sitePage);
  return preview;
}
