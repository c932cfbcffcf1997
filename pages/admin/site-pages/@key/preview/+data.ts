import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ERROR_PAGES } from '../../../../../shared/messages.ts';
import {
  NAVIGATION_KEY,
  type PageWordsMap,
  type SiteWords,
  type WordsKey,
  isCustomPageKey,
  isWordsKey,
} from '../../../../../shared/site-words.ts';
import type { QuoteFormData } from '../../../../(site)/quote/+data.ts';
import type { CustomPageData } from '../../../../(site)/page/+data.ts';

/**
 * What the previewed page's own `+data.ts` would give it, with the draft in place of the published words: the
 * site's words for the content pages, the page's words and a resting form for contact and quote, the page itself
 * for a page staff made.
 */
export type WordsPreviewData = { key: Exclude<WordsKey, typeof NAVIGATION_KEY> } & (
  { words: SiteWords } | CustomPageData | (Omit<QuoteFormData, 'words'> & { words: PageWordsMap['contact'] | PageWordsMap['quote'] })
);

export async function data(pageContext: PageContextServer): Promise<WordsPreviewData> {
  const key = pageContext.routeParams.key!;
  const words = isWordsKey(key) ? await pageContext.services.words.withDraft(key, pageContext.settings.name) : null;
  // The navigation is in every page's frame, not a page of its own: it has no preview.
  if (!isWordsKey(key) || key === NAVIGATION_KEY || !words) throw render(404, ERROR_PAGES.sitePage);
  if (isCustomPageKey(key)) {
    const page = words.customPages.find((p) => p.key === key);
    if (!page) throw render(404, ERROR_PAGES.sitePage);
    return { key, page };
  }
  if (key === 'contact' || key === 'quote') {
    return {
      key,
      captcha: pageContext.services.captcha,
      wasPostedWithoutScript: false,
      preselect: null,
      startStep: 1,
      words: words.pages[key],
    };
  }
  return { key, words };
}
