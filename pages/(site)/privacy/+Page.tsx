import { Fragment } from 'react';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { usePageContext } from 'vike-react/usePageContext';
import { PRIVACY_POLICY_TEXT } from '../../../shared/privacy-policy.ts';

export default function PrivacyPage() {
  const { settings } = usePageContext();
  return (
    <>
      <Seo title={PRIVACY_POLICY_TEXT.title} description={PRIVACY_POLICY_TEXT.description(settings.name)} />
      <PageHero title={PRIVACY_POLICY_TEXT.title} lead={PRIVACY_POLICY_TEXT.lead} />
      <section className="section">
        <div className="container prose">
          {PRIVACY_POLICY_TEXT.sections.map((section) => (
            <Fragment key={section.heading}>
              <h2>{section.heading}</h2>
              <p>
                {section.text}
                {'afterEmail' in section && (
                  <>
                    {' '}
                    <a href={`mailto:${settings.email}`}>{settings.email}</a> {section.afterEmail}
                  </>
                )}
              </p>
            </Fragment>
          ))}
        </div>
      </section>
    </>
  );
}
