import { Head } from 'vike-react/Head';
import { useData } from 'vike-react/useData';
import { Seo } from '../../../components/Seo.tsx';
import { PREVIEW_TEXT } from '../../../shared/previews.ts';
import { PostView } from '../blog/PostView.tsx';
import { PreviewBanner, SharedWordsBanner } from './PreviewBanner.tsx';
import { PreviewedPage } from './PreviewedPage.tsx';
import type { SharedPreviewData } from './+data.ts';

/** A shared preview: the public post page, or a page with its draft words, as it will be, under a banner, kept out of search engines. */
export default function SharedPreviewPage() {
  const data = useData<SharedPreviewData>();
  if (data.kind === 'words') {
    return (
      <>
        <Head>
          <meta name="robots" content="noindex" />
        </Head>
        <SharedWordsBanner preview={data.preview} />
        <PreviewedPage wordsKey={data.key} />
      </>
    );
  }
  const { preview, now } = data;
  return (
    <>
      <Seo title={PREVIEW_TEXT.pageTitle(preview.post.title)} description={preview.post.excerpt} type="article" noindex />
      <PreviewBanner preview={preview} now={now} shared />
      <PostView post={preview.post} related={preview.related} />
    </>
  );
}
