import type { PageContextServer } from 'vike/types';
import { type LeadFormData, leadFormData } from '../contact/lead-form-data.ts';
import type { PageWordsMap } from '../../../shared/site-words.ts';

export interface QuoteFormData extends LeadFormData {
  /** `?service=` as requested; the wizard preselects it only when it is a known service. */
  preselect: string | null;
  /** `?step=2`: where step 1's Continue leads without JavaScript (with `?service=`). */
  startStep: 1 | 2;
  words: PageWordsMap['quote'];
}

export function data(pageContext: PageContextServer): QuoteFormData {
  const { search } = pageContext.urlParsed;
  return {
    ...leadFormData(pageContext),
    preselect: search.service ?? null,
    startStep: search.step === '2' ? 2 : 1,
    words: pageContext.words.pages.quote,
  };
}
