import { useData } from 'vike-react/useData';
import { PAGES_TEXT } from '../../../../../shared/pages-texts.ts';
import { PreviewedPage } from '../../../../(site)/preview/PreviewedPage.tsx';
import type { WordsPreviewData } from './+data.ts';

/** A page with its draft words, under a banner saying visitors do not see them yet. */
export default function WordsPreviewPage() {
  const { key } = useData<WordsPreviewData>();
  return (
    <>
      <div className="preview-banner" role="note">
        <div className="container">
          <p>
            {PAGES_TEXT.previewBanner} <a href={`/admin/pages/${key}`}>{PAGES_TEXT.backToEditor}</a>
          </p>
        </div>
      </div>
      <PreviewedPage wordsKey={key} />
    </>
  );
}
