import { Fragment } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { EMAIL_PLACEHOLDER, type SiteWordsData } from '../../../shared/site-words.ts';

export default function PrivacyPage() {
  const { settings } = usePageContext();
  const privacy = useData<SiteWordsData>().words.pages.privacy;
  return (
    <>
      <Seo title={privacy.seoTitle} description={privacy.metaDescription} />
      <PageHero title={privacy.title} lead={privacy.lead} />
      <section className="section">
        <div className="container prose">
          {privacy.sections.map((section, i) => (
            <Fragment key={i}>
              <h2>{section.title}</h2>
              <p>
                {/* `{email}` in a section is the company's address, as a link. */}
                {section.text.split(EMAIL_PLACEHOLDER).map((part, j) => (
                  <Fragment key={j}>
                    {j > 0 && <a href={`mailto:${settings.email}`}>{settings.email}</a>}
                    {part}
                  </Fragment>
                ))}
              </p>
            </Fragment>
          ))}
        </div>
      </section>
    </>
  );
}
