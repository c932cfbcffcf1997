import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { CustomPage } from '../../../shared/site-words.ts';

export interface CustomPageData {
  page: CustomPage;
}

/** The published page at this address; anything else (a draft, a deleted page, a made-up address) is the 404 page. */
export function data(pageContext: PageContextServer): CustomPageData {
  const page = pageContext.words.customPages.find((p) => p.address === pageContext.routeParams.address);
  if (!page) throw render(404);
  return { page };
}
