import { usePageContext } from 'vike-react/usePageContext';
import { phoneE164 } from '../shared/au-identifiers.ts';
import { addressLine } from '../shared/company.ts';
import { SITE_TEXT } from '../shared/messages.ts';
import { CATEGORY_LABELS, SERVICE_CATEGORIES, SERVICES } from '../shared/services.ts';
import { Logo } from './Logo.tsx';

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { settings, serviceLabels, navigation } = usePageContext();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-about" aria-label={settings.name}>
          <Logo />
          <p>{SITE_TEXT.footerAbout}</p>
          <address>
            {addressLine(settings)}
            <br />
            <a href={`mailto:${settings.email}`}>{settings.email}</a>
            <br />
            <a href={`tel:${phoneE164(settings.phone)}`}>{settings.phone}</a>
          </address>
        </section>
        {SERVICE_CATEGORIES.map((category) => (
          <nav key={category} aria-labelledby={`footer-${category}`}>
            <h2 id={`footer-${category}`} className="footer-heading">
              {CATEGORY_LABELS[category]}
            </h2>
            <ul>
              {SERVICES.filter((s) => s.category === category).map((s) => (
                <li key={s.id}>
                  <a href={`/services?service=${s.id}`}>{serviceLabels[s.id].name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            {SITE_TEXT.footerCompany}
          </h2>
          <ul>
            {navigation.footer.map((link, i) => (
              <li key={i}>
                <a href={link.text}>{link.title}</a>
              </li>
            ))}
          </ul>
          {settings.social.length > 0 && <h2 className="footer-heading">{SITE_TEXT.footerFollow}</h2>}
          <ul className="social-links">
            {settings.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{SITE_TEXT.copyright(year, settings)}</p>
      </div>
    </footer>
  );
}
