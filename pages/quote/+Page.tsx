import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../components/Seo.tsx';
import { phoneE164 } from '../../shared/au-identifiers.ts';
import { breadcrumbLd } from '../../shared/structured-data.ts';
import type { QuoteFormData } from './+data.ts';
import { QUOTE_NEXT_STEPS, QuoteWizard } from './QuoteWizard.tsx';

export default function QuotePage() {
  const { captcha, preselect, startStep, wasPostedWithoutScript } = useData<QuoteFormData>();
  const { siteUrl, settings } = usePageContext();
  return (
    <>
      <Seo
        title="Request a quote"
        description={`Request a quote from ${settings.name} for network security, datacenter, support, migrations, IMACD, break/fix, global ICT support, web design, domains or hosting.`}
        path="/quote"
        jsonLd={breadcrumbLd(siteUrl, [
          { name: 'Home', path: '/' },
          { name: 'Get a quote', path: '/quote' },
        ])}
      />
      <section className="page-hero">
        <div className="container">
          <h1>Request a quote</h1>
          <p className="lead">Three short steps. We reply with a tailored quote within 24 hours on business days.</p>
        </div>
      </section>
      <section className="section">
        <div className="container form-layout">
          <QuoteWizard captcha={captcha} preselect={preselect} startStep={startStep} wasPostedWithoutScript={wasPostedWithoutScript} />
          <aside className="form-aside" aria-labelledby="quote-help">
            <h2 id="quote-help">What happens next</h2>
            <p>{QUOTE_NEXT_STEPS}</p>
            <p>
              Prefer to talk first? Call <a href={`tel:${phoneE164(settings.phone)}`}>{settings.phone}</a> or{' '}
              <a href="/contact">send us a message</a>.
            </p>
            <p className="form-privacy">
              We use what you send only to prepare your quote. See our <a href="/privacy">privacy policy</a>.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
