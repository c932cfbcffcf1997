import { isServiceId } from '../../../shared/services.ts';
import { type PageKey, type WordsKey, isCustomPageKey } from '../../../shared/site-words.ts';
import HomePage from '../index/+Page.tsx';
import ServicesPage from '../services/+Page.tsx';
import AboutPage from '../about/+Page.tsx';
import ContactPage from '../contact/+Page.tsx';
import QuotePage from '../quote/+Page.tsx';
import PrivacyPage from '../privacy/+Page.tsx';
import CustomPagePage from '../page/+Page.tsx';

const PAGES: Record<PageKey, () => React.ReactNode> = {
  home: HomePage,
  services: ServicesPage,
  about: AboutPage,
  contact: ContactPage,
  quote: QuotePage,
  privacy: PrivacyPage,
};

/** The public page that shows `key`'s words (a service's: the services page), reading its data (words-preview.ts). */
export function PreviewedPage({ wordsKey }: { wordsKey: WordsKey }) {
  const Page = isCustomPageKey(wordsKey) ? CustomPagePage : PAGES[isServiceId(wordsKey) ? 'services' : (wordsKey as PageKey)];
  return <Page />;
}
