import type { PageContextServer } from 'vike/types';
import { data as leadFormData, type LeadFormData } from '../contact/+data.ts';

export interface QuoteFormData extends LeadFormData {
  /** `?service=` as requested; the wizard preselects it only when it is a known service. */
  preselect: string | null;
  /** `?step=2`: where step 1's Continue leads without JavaScript (with `?service=`). */
  startStep: 1 | 2;
}

export function data(pageContext: PageContextServer): QuoteFormData {
  const { search } = pageContext.urlParsed;
  return { ...leadFormData(pageContext), preselect: search.service ?? null, startStep: search.step === '2' ? 2 : 1 };
}
