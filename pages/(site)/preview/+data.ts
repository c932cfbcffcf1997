import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { PostPreview } from '../../../shared/previews.ts';
import { PREVIEW_TEXT } from '../../../shared/previews.ts';
import type { NotFoundReason } from '../../_error/+Page.tsx';

export interface SharedPreviewData {
  preview: PostPreview;
  now: number;
}

/**
 * `/preview?token=…`: the post a live share link shows, to anyone holding it, signed in or not. A link unknown,
 * expired or turned off is a 404 that says so. The token reaches nothing else (docs/product.md#blog-editor).
 */
export async function data(pageContext: PageContextServer): Promise<SharedPreviewData> {
  const token = pageContext.urlParsed.search.token ?? '';
  const preview = await pageContext.services.previews.shared(token);
  if (!preview) {
    const reason: NotFoundReason = {
      title: PREVIEW_TEXT.unavailableTitle,
      message: PREVIEW_TEXT.unavailable,
      backHref: '/',
      backLabel: PREVIEW_TEXT.home,
    };
    throw render(404, reason);
  }
  return { preview, now: Date.now() };
}
