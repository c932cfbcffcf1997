import type { PageContextServer } from 'vike/types';
import type { LeadFormData } from '../contact/+data.ts';

export interface QuoteFormData extends LeadFormData {
  /** `?service=` as requested; the wizard preselects it only when it is a known service. */
  preselect: string | null;
}

export function data(pageContext: PageContextServer): QuoteFormData {
  return { captcha: pageContext.services.captcha, preselect: pageContext.urlParsed.search.service ?? null };
}
