import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { PostPreview, WordsPreview } from '../../../shared/previews.ts';
import { PREVIEW_TEXT } from '../../../shared/previews.ts';
import type { NotFoundReason } from '../../_error/+Page.tsx';
import { type WordsPreviewData, wordsPreviewData } from './words-preview.ts';

/** A post's preview, or a page's words with the previewed page's own data beside them (words-preview.ts). */
export type SharedPreviewData =
  | { kind: 'post'; preview: PostPreview; now: number }
  | ({ kind: 'words'; preview: Omit<WordsPreview, 'words'>; now: number } & WordsPreviewData);

/**
 * `/preview?token=…`: what a live share link shows (a post, or a page's or service's draft), to anyone holding it,
 * signed in or not. A link unknown, expired or turned off is a 404 that says so. The token reaches nothing else
 * (docs/product.md#share-links).
 */
export async function data(pageContext: PageContextServer): Promise<SharedPreviewData> {
  const token = pageContext.urlParsed.search.token ?? '';
  const shared = await pageContext.services.previews.shared(token);
  const now = Date.now();
  if (shared?.kind === 'post') {
    const { kind: _kind, ...preview } = shared;
    return { kind: 'post', preview, now };
  }
  if (shared?.kind === 'words') {
    const { kind: _kind, words, ...preview } = shared;
    const page = wordsPreviewData(shared.key, words, pageContext.services.captcha);
    if (page) return { ...page, kind: 'words', preview, now };
  }
  const reason: NotFoundReason = {
    title: PREVIEW_TEXT.unavailableTitle,
    message: PREVIEW_TEXT.unavailable,
    backHref: '/',
    backLabel: PREVIEW_TEXT.home,
  };
  throw render(404, reason);
}
