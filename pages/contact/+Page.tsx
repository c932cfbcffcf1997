import { useData } from 'vike-react/useData';
import { Seo } from '../../components/Seo.tsx';
import { phoneE164 } from '../../shared/au-identifiers.ts';
import { addressLine } from '../../shared/company.ts';
import { breadcrumbLd } from '../../shared/structured-data.ts';
import { usePageContext } from 'vike-react/usePageContext';
import type { LeadFormData } from './+data.ts';
import { ContactForm } from './ContactForm.tsx';

export default function ContactPage() {
  const { captcha, wasPostedWithoutScript } = useData<LeadFormData>();
  const { siteUrl, settings } = usePageContext();
  return (
    <>
      <Seo
        title="Contact us"
        description={`Send ${settings.name} a message about your network, servers, support or website. We reply within 24 hours on business days.`}
        jsonLd={breadcrumbLd(siteUrl, [
          { name: 'Home', path: '/' },
          { name: 'Contact', path: '/contact' },
        ])}
      />
      <section className="page-hero">
        <div className="container">
          <h1>Contact us</h1>
          <p className="lead">Tell us what you need. We reply within 24 hours on business days.</p>
        </div>
      </section>
      <section className="section">
        <div className="container form-layout">
          <ContactForm captcha={captcha} wasPostedWithoutScript={wasPostedWithoutScript} />
          <aside className="form-aside" aria-labelledby="contact-details">
            <h2 id="contact-details">Other ways to reach us</h2>
            <dl className="contact-list">
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${settings.email}`}>{settings.email}</a>
              </dd>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${phoneE164(settings.phone)}`}>{settings.phone}</a>
              </dd>
              <dt>Office</dt>
              <dd>
                {addressLine(settings)}
              </dd>
            </dl>
            <p>
              Need a price? The <a href="/quote">quote request</a> asks the right questions for each service.
            </p>
            <p className="form-privacy">
              We use what you send only to answer you. See our <a href="/privacy">privacy policy</a>.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
