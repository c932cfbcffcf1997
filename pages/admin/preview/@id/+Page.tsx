import { useData } from 'vike-react/useData';
import { Seo } from '../../../../components/Seo.tsx';
import { PREVIEW_TEXT } from '../../../../shared/previews.ts';
import { PostView } from '../../../(site)/blog/PostView.tsx';
import { PreviewBanner } from '../../../(site)/preview/PreviewBanner.tsx';
import type { PreviewData } from './+data.ts';

/** A post as its public page will show it, under a banner naming the version and whether it is public yet. */
export default function PreviewPage() {
  const { preview, now } = useData<PreviewData>();
  return (
    <>
      <Seo title={PREVIEW_TEXT.pageTitle(preview.post.title)} description={preview.post.excerpt} type="article" noindex />
      <PreviewBanner preview={preview} now={now} shared={false} />
      <PostView post={preview.post} related={preview.related} />
    </>
  );
}
