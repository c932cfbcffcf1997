import { Fragment } from 'react';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { COMPANY } from '../../../shared/company.ts';
import { PRIVACY_POLICY_TEXT } from '../../../shared/messages.ts';

export default function PrivacyPage() {
  return (
    <>
      <Seo title={PRIVACY_POLICY_TEXT.title} description={PRIVACY_POLICY_TEXT.description} />
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
                    <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> {section.afterEmail}
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
