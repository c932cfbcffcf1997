import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { phoneE164 } from '../../../shared/au-identifiers.ts';
import { addressLine } from '../../../shared/company.ts';
import { CONTACT_TEXT, SITE_TEXT } from '../../../shared/messages.ts';
import type { ContactData } from './+data.ts';
import { ContactForm } from './ContactForm.tsx';
import { PrivacyNote } from '../../../components/form/PrivacyNote.tsx';

export default function ContactPage() {
  const { captcha, wasPostedWithoutScript, words } = useData<ContactData>();
  const { settings } = usePageContext();
  return (
    <>
      <Seo title={words.seoTitle} description={words.metaDescription} breadcrumb={[{ name: SITE_TEXT.nav.contact, path: '/contact' }]} />
      <PageHero title={words.title} lead={words.lead} />
      <section className="section">
        <div className="container form-layout">
          <ContactForm captcha={captcha} wasPostedWithoutScript={wasPostedWithoutScript} />
          <aside className="form-aside" aria-labelledby="contact-details">
            <h2 id="contact-details">{words.asideHeading}</h2>
            <dl className="contact-list">
              <dt>{CONTACT_TEXT.email}</dt>
              <dd>
                <a href={`mailto:${settings.email}`}>{settings.email}</a>
              </dd>
              <dt>{CONTACT_TEXT.phone}</dt>
              <dd>
                <a href={`tel:${phoneE164(settings.phone)}`}>{settings.phone}</a>
              </dd>
              <dt>{CONTACT_TEXT.office}</dt>
              <dd>{addressLine(settings)}</dd>
            </dl>
            <p>
              {CONTACT_TEXT.quoteHint.before} <a href="/quote">{CONTACT_TEXT.quoteHint.link}</a> {CONTACT_TEXT.quoteHint.after}
            </p>
            <PrivacyNote text={CONTACT_TEXT.privacyNote} />
          </aside>
        </div>
      </section>
    </>
  );
}
