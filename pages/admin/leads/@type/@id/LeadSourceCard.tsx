import type { ReactNode } from 'react';
import { LEAD_SOURCE_TEXT as T, type LeadSource, campaignText } from '../../../../../shared/lead-source.ts';
import { TitledSection } from '../../../ui/TitledSection.tsx';

/** Where the visit that sent this lead came from (docs/product.md#analytics), or why that is not known. */
export function LeadSourceCard({ source }: { source: LeadSource | null }) {
  const campaign = source && campaignText(source);
  // Each fact's name above its value, as in the lead's details: the card is narrow beside them.
  const fact = (term: string, value: ReactNode) => (
    <div key={term}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <TitledSection id="source" heading={T.heading} className="admin-card">
      {!source ? (
        <p className="muted">{T.noSource}</p>
      ) : (
        <dl className="lead-fields">
          {fact(T.channel, T.channels[source.channel])}
          {source.referrerHost && fact(T.referrer, source.referrerHost)}
          {campaign && fact(T.campaign, campaign)}
          {fact(T.landingPage, source.landingPath)}
          {fact(
            T.pagesViewed,
            <ol className="plain-list">
              {source.pages.map((path, i) => (
                <li key={`${i}-${path}`}>{path}</li>
              ))}
            </ol>,
          )}
          {fact(T.timeToLead, T.minutes(source.secondsToLead))}
        </dl>
      )}
    </TitledSection>
  );
}
