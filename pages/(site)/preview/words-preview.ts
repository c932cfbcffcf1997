import type { PublicCaptchaConfig } from '../../../shared/page-context.ts';
import type { NAVIGATION_KEY } from '../../../shared/site-words.ts';
import { type PageWordsMap, type SiteWords, type WordsKey, isCustomPageKey } from '../../../shared/site-words.ts';
import type { QuoteFormData } from '../quote/+data.ts';
import type { CustomPageData } from '../page/+data.ts';

/**
 * What the previewed page's own `+data.ts` would give it, with the draft in place of the published words: the
 * site's words for the content pages, the page's words and a resting form for contact and quote, the page itself
 * for a page staff made. Staff's preview (/admin/pages/{key}/preview) and a share link's (/preview) give the same.
 */
export type WordsPreviewData = { key: Exclude<WordsKey, typeof NAVIGATION_KEY> } & (
  { words: SiteWords } | CustomPageData | (Omit<QuoteFormData, 'words'> & { words: PageWordsMap['contact'] | PageWordsMap['quote'] })
);

/** The data for `key`'s page from `words` (its draft in place); null for a page staff made that has no words to show. */
export function wordsPreviewData(
  key: Exclude<WordsKey, typeof NAVIGATION_KEY>,
  words: SiteWords,
  captcha: PublicCaptchaConfig,
): WordsPreviewData | null {
  if (isCustomPageKey(key)) {
    const page = words.customPages.find((p) => p.key === key);
    return page ? { key, page } : null;
  }
  if (key === 'contact' || key === 'quote') {
    return { key, captcha, wasPostedWithoutScript: false, preselect: null, startStep: 1, words: words.pages[key] };
  }
  return { key, words };
}
