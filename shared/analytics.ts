/**
 * The words and names of visitor counting (docs/product.md#analytics) that the browser needs too: the funnel's
 * steps the quote and contact forms report, the channels a visit is grouped into, and the admin's words for them.
 * Kept beside their names rather than in shared/messages.ts because only the admin reads the words (the catalogue
 * is in every public page's script).
 */

/** Steps the already-hydrated forms report with a beacon (`POST /api/analytics/event`); nothing else is accepted. */
export const BEACON_EVENTS = ['quote-step-2', 'quote-step-3'] as const;
export type BeaconEvent = (typeof BEACON_EVENTS)[number];

/** Events the server counts itself, when a lead is stored. */
export const LEAD_EVENTS = { quote: 'quote-submitted', contact: 'contact-sent' } as const;

export type FunnelEvent = BeaconEvent | (typeof LEAD_EVENTS)[keyof typeof LEAD_EVENTS];

/** Where a visit came from, most specific first (server/analytics/sources.ts decides). */
export const CHANNELS = ['campaign', 'search', 'social', 'email', 'referral', 'direct'] as const;
export type Channel = (typeof CHANNELS)[number];

export function isBeaconEvent(value: unknown): value is BeaconEvent {
  return (BEACON_EVENTS as readonly unknown[]).includes(value);
}

/** The address the beacon posts to. */
export const BEACON_PATH = '/api/analytics/event';

/** Ranges the Analytics page offers, in days ending today. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
/** The longest range that can be asked for. */
export const MAX_RANGE_DAYS = 366;

export const ANALYTICS_TEXT = {
  heading: 'Analytics',
  intro: 'Counted on this server: no cookies, no tracking script, nothing that identifies a visitor.',
  channels: { campaign: 'Campaign', search: 'Search', social: 'Social', email: 'E-mail', referral: 'Referral', direct: 'Direct' } satisfies Record<Channel, string>,
  range: 'Period',
  lastDays: (n: number) => `Last ${n} days`,
  custom: 'Chosen dates',
  from: 'From',
  to: 'To',
  show: 'Show',
  badRange: `Choose a start date on or before the end date, at most ${MAX_RANGE_DAYS} days apart.`,
  visitors: 'Visitors',
  views: 'Page views',
  leads: 'Leads',
  conversion: 'Conversion',
  perDay: 'Visitors and page views per day',
  chartSummary: (visitors: number, views: number, days: number) => `${visitors} visitors and ${views} page views over ${days} days.`,
  topPages: 'Top pages',
  topPosts: 'Top posts',
  page: 'Page',
  post: 'Post',
  entries: 'Landings',
  channelsHeading: 'Channels',
  channel: 'Channel',
  referrers: 'Referrers',
  referrer: 'Referring site',
  campaigns: 'Campaigns',
  campaign: 'Campaign',
  sourceMedium: 'Source / medium',
  visits: 'Visits',
  funnel: 'Quote and contact funnel',
  funnelHint: 'Where people give up: each step as a share of the one before.',
  funnelSteps: {
    'quote-views': 'Quote page viewed',
    'quote-step-2': 'Reached step 2',
    'quote-step-3': 'Reached step 3',
    'quote-submitted': 'Quote submitted',
    'contact-views': 'Contact page viewed',
    'contact-sent': 'Message sent',
  },
  stepShare: 'Of previous step',
  downloadCsv: 'Download CSV',
  nothingYet: 'Nothing counted in this period yet.',
  contentOnly: 'Lead figures are shown to those who work the leads.',
  off: 'Counting is turned off on this server (ANALYTICS=false).',
  // Dashboard and post list.
  thisWeek: 'Visitors this week',
  lastWeek: (n: number) => `${n} last week`,
  leadsByChannel: 'Leads by channel this week',
  noLeadsThisWeek: 'No leads this week yet.',
  openAnalytics: 'Open analytics',
  views30: 'Views (30 days)',
  leads30: 'Leads (30 days)',
  // A lead's source.
  sourceHeading: 'Source',
  landingPage: 'Landing page',
  pagesViewed: 'Pages viewed before sending',
  timeToLead: 'Time from landing to sending',
  noSource: 'Not recorded: the visit was not counted (analytics off, Global Privacy Control, or a visit that began on another day).',
  minutes: (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`),
  // The account page's opt-in.
  weeklyHeading: 'Weekly summary',
  weeklyLabel: 'E-mail me a summary every Monday',
  weeklyHint: 'Visitors, leads by channel, top posts and leads waiting over 24 hours, for last week.',
  weeklySave: 'Save',
  weeklyOn: 'You will get the weekly summary every Monday.',
  weeklyOff: 'You will not get the weekly summary.',
} as const;
