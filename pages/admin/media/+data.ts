import type { PageContextServer } from 'vike/types';
import { type MediaPage, type MediaQuery, mediaFilter } from '../../../shared/media.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export type MediaData = MediaPage & { query: MediaQuery };

/** The filter and page live in the URL (`?show=unused&cursor=…`), so each view is a link. */
export async function data(pageContext: PageContextServer): Promise<MediaData> {
  const { show, cursor } = pageContext.urlParsed.search;
  const query: MediaQuery = { show: mediaFilter(show), ...(cursor && { cursor }) };
  const page = await orNotFound(pageContext.services.admin.media(pageContext.user!, query), '/admin/media');
  return { ...page, query };
}
