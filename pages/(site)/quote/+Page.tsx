import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { phoneE164 } from '../../../shared/au-identifiers.ts';
import { QUOTE_TEXT } from '../../../shared/messages.ts';
import { PrivacyNote } from '../../../components/form/PrivacyNote.tsx';
import type { QuoteFormData } from './+data.ts';
import { QuoteWizard } from './QuoteWizard.tsx';

export default function QuotePage() {
  const { captcha, preselect, startStep, wasPostedWithoutScript, words } = useData<QuoteFormData>();
  const { settings } = usePageContext();
  return (
    <>
      <Seo
        title={words.seoTitle}
        description={words.metaDescription}
        path="/quote"
        breadcrumb={[{ name: QUOTE_TEXT.breadcrumb, path: '/quote' }]}
      />
      <PageHero title={words.title} lead={words.lead} />
      <section className="section">
        <div className="container form-layout">
          <QuoteWizard
            captcha={captcha}
            preselect={preselect}
            startStep={startStep}
            wasPostedWithoutScript={wasPostedWithoutScript}
            next={words.next}
          />
          <aside className="form-aside" aria-labelledby="quote-help">
            {/* Hidden while the confirmation panel, which says it too, is shown (site.css). */}
            <div className="form-aside-next">
              <h2 id="quote-help">{words.asideHeading}</h2>
              <p>{words.next}</p>
            </div>
            <p>
              {QUOTE_TEXT.talkFirst.before} <a href={`tel:${phoneE164(settings.phone)}`}>{settings.phone}</a> {QUOTE_TEXT.talkFirst.or}{' '}
              <a href="/contact">{QUOTE_TEXT.talkFirst.link}</a>
              {QUOTE_TEXT.talkFirst.after}
            </p>
            <PrivacyNote text={QUOTE_TEXT.privacyNote} />
          </aside>
        </div>
      </section>
    </>
  );
}
