import type { PageContextServer } from 'vike/types';
import type { PageWordsMap } from '../../../shared/site-words.ts';
import { type LeadFormData, leadFormData } from './lead-form-data.ts';

export interface ContactData extends LeadFormData {
  /** The page's words in force (this page hydrates, so they travel with its data, not with every page's context). */
  words: PageWordsMap['contact'];
}

export function data(pageContext: PageContextServer): ContactData {
  return { ...leadFormData(pageContext), words: pageContext.words.pages.contact };
}
