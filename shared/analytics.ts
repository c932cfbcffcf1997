/**
 * The words and names of visitor counting (docs/product.md#analytics) that the browser needs too: the funnel's
 * steps the quote and contact forms report, and the admin's words for them (a lead's source: shared/lead-source.ts).
 * Kept beside their names rather than in shared/messages.ts because only the admin reads the words (the catalogue
 * is in every public page's script).
 */

import { type Channel, LEAD_SOURCE_TEXT } from './lead-source.ts';
import { isCalendarDate } from './zoned-time.ts';

/** Steps the already-hydrated forms report with a beacon (`POST /api/analytics/event`); nothing else is accepted. */
export const BEACON_EVENTS = ['quote-step-2', 'quote-step-3'] as const;
export type BeaconEvent = (typeof BEACON_EVENTS)[number];

/** Events the server counts itself, when a lead is stored. */
export const LEAD_EVENTS = { quote: 'quote-submitted', contact: 'contact-sent' } as const;

export type FunnelEvent = BeaconEvent | (typeof LEAD_EVENTS)[keyof typeof LEAD_EVENTS];

/**
 * The form page each funnel step belongs to: a step counts for a visitor whose view of that page was counted the
 * same day, once however often they reach it, so no step of the funnel outnumbers the one before.
 */
export const FUNNEL_PAGES: Record<FunnelEvent, string> = {
  'quote-step-2': '/quote',
  'quote-step-3': '/quote',
  'quote-submitted': '/quote',
  'contact-sent': '/contact',
};

/**
 * Stored in place of a referrer or campaign tag once a day holds its limit of distinct sources (shown as "Other");
 * no real value can be it, since stored hosts and tags never contain `*` (server/analytics/sources.ts).
 */
export const OTHER_SOURCE = '*';

/** A stored referrer or tag as staff read it: the folded sources of a busy day are "Other". */
export const sourceLabel = (value: string): string => (value === OTHER_SOURCE ? ANALYTICS_TEXT.otherSource : value);

/** Limits that bound what a day's counting can store and hold in memory (docs/product.md#analytics). */
export interface AnalyticsLimits {
  /** Distinct sources kept per day; visits from further new ones count under "Other" in their channel. */
  sourcesPerDay: number;
  /** Visitors recorded per day by one instance; views of further new visitors count as views only. */
  visitorsPerDay: number;
  /** New visitors recorded per flush (every 5 s) by one instance; the rest of a burst counts as views only. */
  newVisitorsPerFlush: number;
  /** Page entries recorded per visitor and day; further views count as views only. */
  pagesPerVisitor: number;
}

export const DEFAULT_ANALYTICS_LIMITS: AnalyticsLimits = {
  sourcesPerDay: 500,
  visitorsPerDay: 10_000,
  newVisitorsPerFlush: 1_000,
  pagesPerVisitor: 30,
};

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
  channels: LEAD_SOURCE_TEXT.channels,
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
  today: 'Today',
  chartSummary: (visitors: number, views: number, days: number) =>
    `${visitors} ${visitors === 1 ? 'visitor' : 'visitors'} and ${views} page ${views === 1 ? 'view' : 'views'} over ${days} days.`,
  topPages: 'Top pages',
  topPosts: 'Top posts',
  page: 'Page',
  post: 'Post',
  entries: 'Landings',
  channelsHeading: 'Channels',
  channel: LEAD_SOURCE_TEXT.channel,
  referrers: 'Referrers',
  referrer: LEAD_SOURCE_TEXT.referrer,
  campaigns: 'Campaigns',
  campaign: LEAD_SOURCE_TEXT.campaign,
  sourceMedium: 'Source / medium',
  otherSource: 'Other',
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
  step: 'Step',
  count: 'Count',
  date: 'Date',
  address: 'Address',
  source: 'Source',
  medium: 'Medium',
  downloadCsv: 'Download CSV',
  nothingYet: 'Nothing counted in this period yet.',
  contentOnly: 'Lead figures are shown to those who work the leads.',
  off: 'Counting is turned off on this server (ANALYTICS=false).',
  noSuchTable: 'There is no such table.',
  // Dashboard and post list.
  visitorsHeading: 'Visitors',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  leadsByChannel: 'Leads by channel this week',
  noLeadsThisWeek: 'No leads this week yet.',
  openAnalytics: 'Open analytics',
  views30: 'Views (30 days)',
  leads30: 'Leads (30 days)',
  // A lead's source.
  // The account page's opt-in.
  weeklySwitch: {
    heading: 'Weekly summary',
    label: 'E-mail me a summary every Monday',
    hint: 'Visitors, leads by channel, top posts and leads waiting over 24 hours, for last week.',
    save: 'Save',
  },
  weeklyOn: 'You will get the weekly summary every Monday.',
  weeklyOff: 'You will not get the weekly summary.',
  // The weekly e-mail.
  weeklySubject: (company: string, from: string) => `${company}: the week from ${from}`,
  weeklyVisitors: (visitors: number, before: number) => `Visitors: ${visitors} (the week before: ${before}).`,
  weeklyLeads: (total: number) => `Leads with a known source: ${total}.`,
  weeklyChannelLine: (channel: string, leads: number) => `- ${channel}: ${leads}`,
  weeklyTopPosts: 'Most read posts:',
  weeklyPostLine: (title: string, views: number, leads: number | null) =>
    `- ${title}: ${views} views${leads === null ? '' : `, ${leads} leads`}`,
  weeklyNoPosts: 'No post was read last week.',
  weeklyWaiting: (n: number) =>
    n === 1 ? '1 lead has been waiting for an answer for over 24 hours.' : `${n} leads have been waiting for an answer for over 24 hours.`,
  weeklyMore: (link: string) => `More on the Analytics page: ${link}`,
  weeklyStop: 'You get this because you asked for it on your account page; turn it off there.',
} as const;

/** A range of days in the site's time zone, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** What the Analytics page asked for: a preset number of days ending today, or two dates. */
export type RangeChoice = { days: number } | { from: string; to: string };

/** Days from `from` to `to`, both included. */
export function daysIn(range: DayRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
}

/**
 * The range an Analytics address asks for (`?days=30`, or `?from=…&to=…`), ending no later than `today`; the
 * last 30 days when nothing is asked; null for a range that cannot be shown (the page says why).
 */
export function readRange(search: Record<string, string | undefined>, today: string): DayRange | null {
  const { from, to, days } = search;
  if (from || to) {
    if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to)) return null;
    const range = { from, to: to > today ? today : to };
    return range.from <= range.to && daysIn(range) <= MAX_RANGE_DAYS ? range : null;
  }
  const n = days === undefined ? 30 : Number(days);
  if (!Number.isInteger(n) || n < 1 || n > MAX_RANGE_DAYS) return null;
  const start = new Date(Date.parse(today) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from: start, to: today };
}

/** The tables of the Analytics page, each downloadable as CSV. */
export const ANALYTICS_TABLES = ['days', 'pages', 'posts', 'channels', 'referrers', 'campaigns', 'funnel'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

export type FunnelStep = keyof typeof ANALYTICS_TEXT.funnelSteps;

/** A row's leads and, for its conversion, the visits that sent them (a visit that sent two leads is one). */
export interface LeadCounts {
  leads: number | null;
  converted: number | null;
}

/** Lead figures (`leads`, `converted`, the funnel) are null for a person who may not see leads. */
export interface AnalyticsReport {
  range: DayRange;
  enabled: boolean;
  totals: { visitors: number; views: number } & LeadCounts;
  days: Array<{ day: string; visitors: number; views: number }>;
  pages: Array<{ path: string; visitors: number; views: number; entries: number } & LeadCounts>;
  posts: Array<{ path: string; title: string; visitors: number; views: number } & LeadCounts>;
  channels: Array<{ channel: Channel; visits: number } & LeadCounts>;
  referrers: Array<{ host: string; visits: number } & LeadCounts>;
  campaigns: Array<{ campaign: string; source: string; medium: string; visits: number } & LeadCounts>;
  funnel: Array<{ step: FunnelStep; count: number }> | null;
  /** Leads marked Won and their value in whole AUD, by the channel and the campaign of their visit; null without leads.view. */
  wonValue: {
    channels: Array<{ channel: Channel; won: number; value: number }>;
    campaigns: Array<{ campaign: string; source: string; medium: string; won: number; value: number }>;
  } | null;
}

/** A share as a percentage with one decimal ('–' of nothing): visits that sent a lead, or a funnel step's. */
export function conversion(part: number, whole: number): string {
  return whole ? `${((part / whole) * 100).toFixed(1)}%` : '–';
}

/** The dashboard's part: visitors this week and last, and this week's leads by channel (null without leads.view). */
export interface AnalyticsSummary {
  visitorsThisWeek: number;
  visitorsLastWeek: number;
  leadsByChannel: Array<{ channel: Channel; leads: number }> | null;
}
