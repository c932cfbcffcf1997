import { useData } from 'vike-react/useData';
import { PAGES_TEXT } from '../../../../../shared/pages-texts.ts';
import { isServiceId } from '../../../../../shared/services.ts';
import { type PageKey, isCustomPageKey } from '../../../../../shared/site-words.ts';
import HomePage from '../../../../(site)/index/+Page.tsx';
import ServicesPage from '../../../../(site)/services/+Page.tsx';
import AboutPage from '../../../../(site)/about/+Page.tsx';
import ContactPage from '../../../../(site)/contact/+Page.tsx';
import QuotePage from '../../../../(site)/quote/+Page.tsx';
import PrivacyPage from '../../../../(site)/privacy/+Page.tsx';
import CustomPagePage from '../../../../(site)/page/+Page.tsx';
import type { WordsPreviewData } from './+data.ts';

const PAGES: Record<PageKey, () => React.ReactNode> = {
  home: HomePage,
  services: ServicesPage,
  about: AboutPage,
  contact: ContactPage,
  quote: QuotePage,
  privacy: PrivacyPage,
};

/** A page with its draft words, under a banner saying visitors do not see them yet. */
export default function WordsPreviewPage() {
  const { key } = useData<WordsPreviewData>();
  const Page = isCustomPageKey(key) ? CustomPagePage : PAGES[isServiceId(key) ? 'services' : key];
  return (
    <>
      <div className="preview-banner" role="note">
        <div className="container">
          <p>
            {PAGES_TEXT.previewBanner} <a href={`/admin/pages/${key}`}>{PAGES_TEXT.backToEditor}</a>
          </p>
        </div>
      </div>
      <Page />
    </>
  );
}
