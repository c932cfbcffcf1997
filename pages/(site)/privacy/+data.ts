import type { PageContextServer } from 'vike/types';
import type { SiteWordsData } from '../../../shared/site-words.ts';

/** The words in force (staff's, else today's); a preview renders the same page with a draft in their place. */
export function data(pageContext: PageContextServer): SiteWordsData {
  return { words: pageContext.words };
}
