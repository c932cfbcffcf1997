import type { PageContextServer } from 'vike/types';
import type { WordsSummary } from '../../../shared/site-words.ts';

export function data(pageContext: PageContextServer): Promise<WordsSummary[]> {
  return pageContext.services.words.list(pageContext.settings.name);
}
