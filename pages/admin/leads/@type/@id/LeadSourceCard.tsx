import { ANALYTICS_TEXT as T, type LeadSource } from '../../../../../shared/analytics.ts';

/** Where the visit that sent this lead came from (docs/product.md#analytics), or why that is not known. */
export function LeadSourceCard({ source }: { source: LeadSource | null }) {
  const campaign = source && [source.utmCampaign, [source.utmSource, source.utmMedium].filter(Boolean).join(' / ')].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="source-heading" className="admin-card analytics-source">
      <h2 id="source-heading">{T.sourceHeading}</h2>
      {!source ? (
        <p className="muted">{T.noSource}</p>
      ) : (
        <dl className="detail-list">
          <dt>{T.channel}</dt>
          <dd>{T.channels[source.channel]}</dd>
          {source.referrerHost && (
            <>
              <dt>{T.referrer}</dt>
              <dd>{source.referrerHost}</dd>
            </>
          )}
          {campaign && (
            <>
              <dt>{T.campaign}</dt>
              <dd>{campaign}</dd>
            </>
          )}
          <dt>{T.landingPage}</dt>
          <dd>{source.landingPath}</dd>
          <dt>{T.pagesViewed}</dt>
          <dd>
            <ol className="plain-list">
              {source.pages.map((path, i) => (
                <li key={`${i}-${path}`}>{path}</li>
              ))}
            </ol>
          </dd>
          <dt>{T.timeToLead}</dt>
          <dd>{T.minutes(source.secondsToLead)}</dd>
        </dl>
      )}
    </section>
  );
}
