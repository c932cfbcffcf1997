import { useData } from 'vike-react/useData';
import { Seo } from '../../../components/Seo.tsx';
import { PREVIEW_TEXT } from '../../../shared/previews.ts';
import { PostView } from '../blog/PostView.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';
import type { SharedPreviewData } from './+data.ts';

/** A shared preview: the public post page as it will be, under a banner, kept out of search engines. */
export default function SharedPreviewPage() {
  const { preview, now } = useData<SharedPreviewData>();
  return (
    <>
      <Seo title={PREVIEW_TEXT.pageTitle(preview.post.title)} description={preview.post.excerpt} type="article" noindex />
      <PreviewBanner preview={preview} now={now} shared />
      <PostView post={preview.post} related={preview.related} />
    </>
  );
}
