/**
 * Where the visit that sent a lead came from, as the lead's page and the leads CSV show it (docs/product.md#analytics).
 * Apart from shared/analytics.ts so the lead page, near its script budget, carries none of the Analytics page's words.
 */

/** Where a visit came from, most specific first (server/analytics/sources.ts decides). */
export const CHANNELS = ['campaign', 'search', 'social', 'email', 'referral', 'direct'] as const;
export type Channel = (typeof CHANNELS)[number];

export const LEAD_SOURCE_TEXT = {
  heading: 'Source',
  channel: 'Channel',
  channels: {
    campaign: 'Campaign',
    search: 'Search',
    social: 'Social',
    email: 'E-mail',
    referral: 'Referral',
    direct: 'Direct',
  } satisfies Record<Channel, string>,
  referrer: 'Referring site',
  campaign: 'Campaign',
  landingPage: 'Landing page',
  pagesViewed: 'Pages viewed before sending',
  timeToLead: 'Time from landing to sending',
  noSource: 'Not recorded: the visit was not counted (analytics off, Global Privacy Control, or a visit that began on another day).',
  minutes: (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`),
} as const;

/** A lead's source as its page shows it. */
export interface LeadSource {
  channel: Channel;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  landingPath: string;
  pages: string[];
  secondsToLead: number;
}

/** A lead's campaign in one line, as its page and the leads CSV show it: "spring · newsletter / email". */
export function campaignText(source: Pick<LeadSource, 'utmCampaign' | 'utmSource' | 'utmMedium'>): string {
  return [source.utmCampaign, [source.utmSource, source.utmMedium].filter(Boolean).join(' / ')].filter(Boolean).join(' · ');
}
