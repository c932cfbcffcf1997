import type { Db } from '../../db/database.ts';
import {
  type LeadFigures,
  dailyTotals,
  eventCounts,
  findAttribution,
  leadsByPage,
  leadsBySource,
  postTitles,
  topPages,
  viewsOfPaths,
  visitorsIn,
  visitsBySource,
  wonValueBySource,
} from '../../db/queries/analytics-reports.ts';
import {
  type AnalyticsReport,
  type AnalyticsSummary,
  type DayRange,
  type FunnelStep,
  type LeadCounts,
  daysIn,
  sourceLabel,
} from '../../shared/analytics.ts';
import { CHANNELS, type Channel, type LeadSource } from '../../shared/lead-source.ts';
import { addDays, localDate, mondayOf } from '../../shared/zoned-time.ts';

const TOP = 20;

/** A post's address; tag pages and the list are not posts. */
const POST_PATH = /^\/blog\/(?!tag\/)([^/]+)$/;

export interface AnalyticsReader {
  /** The Analytics page; lead figures only when `withLeads`. */
  report(range: DayRange, withLeads: boolean): Promise<AnalyticsReport>;
  /** The dashboard's summary. */
  summary(withLeads: boolean, now?: Date): Promise<AnalyticsSummary>;
  /** Views and leads of each post over the last 30 days, by post slug. */
  postFigures(slugs: readonly string[], withLeads: boolean, now?: Date): Promise<Map<string, { views: number; leads: number | null }>>;
  /** Where a lead came from; null when nothing was recorded. */
  leadSource(type: string, id: string): Promise<LeadSource | null>;
  /** Today in the site's time zone (ranges end here). */
  today(now?: Date): string;
}

/** Reads what visit counting stored (docs/product.md#analytics) for the admin's pages and the weekly e-mail. */
export function createAnalyticsReader(db: Db, timeZone: string, enabled: boolean): AnalyticsReader {
  const today = (now = new Date()) => localDate(now, timeZone);

  async function report(range: DayRange, withLeads: boolean): Promise<AnalyticsReport> {
    const leadsOf = (f: LeadFigures | undefined): LeadCounts =>
      withLeads ? { leads: f?.leads ?? 0, converted: f?.converted ?? 0 } : { leads: null, converted: null };
    const [stored, pages, postRows, channelVisits, referrerVisits, campaignVisits, events] = await Promise.all([
      dailyTotals(db, range),
      topPages(db, range, TOP),
      topPages(db, range, TOP * 3, '/blog/'),
      visitsBySource(db, range, ['channel'], CHANNELS.length),
      visitsBySource(db, range, ['referrer_host'], TOP),
      // A medium alone (`utm_medium=email`) names no campaign; a source alone does.
      visitsBySource(db, range, ['utm_campaign', 'utm_source', 'utm_medium'], TOP, ['utm_campaign', 'utm_source']),
      eventCounts(db, range),
    ]);
    const posts = postRows.filter((p) => POST_PATH.test(p.path)).slice(0, TOP);
    const [pageLeads, channelLeads, referrerLeads, campaignLeads, titles, wonByChannel, wonByCampaign] = await Promise.all([
      withLeads
        ? leadsByPage(
            db,
            range,
            [...pages, ...posts].map((p) => p.path),
          )
        : new Map<string, LeadFigures>(),
      withLeads ? leadsBySource(db, range, ['channel']) : [],
      withLeads ? leadsBySource(db, range, ['referrer_host']) : [],
      withLeads ? leadsBySource(db, range, ['utm_campaign', 'utm_source', 'utm_medium']) : [],
      postTitles(
        db,
        posts.map((p) => POST_PATH.exec(p.path)![1]!),
      ),
      withLeads ? wonValueBySource(db, range, ['channel']) : [],
      withLeads ? wonValueBySource(db, range, ['utm_campaign', 'utm_source', 'utm_medium']) : [],
    ]);
    const byDay = new Map(stored.map((d) => [d.day, d]));
    const days = Array.from({ length: daysIn(range) }, (_, i) => {
      const day = addDays(range.from, i);
      return byDay.get(day) ?? { day, visitors: 0, views: 0 };
    });
    const channelLeadCount = new Map(channelLeads.map((c) => [c.channel, c]));
    const campaignKey = (c: { utm_campaign: string; utm_source: string; utm_medium: string }) =>
      `${c.utm_campaign}\n${c.utm_source}\n${c.utm_medium}`;
    const campaignLeadCount = new Map(campaignLeads.map((c) => [campaignKey(c), c]));
    const referrerLeadCount = new Map(referrerLeads.map((r) => [r.referrer_host, r]));
    const visitsOf = new Map(channelVisits.map((c) => [c.channel, c.visits]));
    const quoteViews = pages.find((p) => p.path === '/quote')?.visitors ?? (await viewsOf('/quote', range));
    const contactViews = pages.find((p) => p.path === '/contact')?.visitors ?? (await viewsOf('/contact', range));
    const funnel: Array<{ step: FunnelStep; count: number }> = [
      { step: 'quote-views', count: quoteViews },
      { step: 'quote-step-2', count: events.get('quote-step-2') ?? 0 },
      { step: 'quote-step-3', count: events.get('quote-step-3') ?? 0 },
      { step: 'quote-submitted', count: events.get('quote-submitted') ?? 0 },
      { step: 'contact-views', count: contactViews },
      { step: 'contact-sent', count: events.get('contact-sent') ?? 0 },
    ];
    return {
      range,
      enabled,
      totals: {
        visitors: days.reduce((n, d) => n + d.visitors, 0),
        views: days.reduce((n, d) => n + d.views, 0),
        // A visit has one channel, so the channels' visits add up to the whole.
        ...leadsOf({ leads: channelLeads.reduce((n, c) => n + c.leads, 0), converted: channelLeads.reduce((n, c) => n + c.converted, 0) }),
      },
      days,
      pages: pages.map((p) => ({ ...p, ...leadsOf(pageLeads.get(p.path)) })),
      posts: posts.map((p) => ({
        path: p.path,
        title: titles.get(POST_PATH.exec(p.path)![1]!) ?? p.path,
        visitors: p.visitors,
        views: p.views,
        ...leadsOf(pageLeads.get(p.path)),
      })),
      channels: CHANNELS.filter((c) => visitsOf.has(c) || channelLeadCount.has(c)).map((channel) => ({
        channel,
        visits: visitsOf.get(channel) ?? 0,
        ...leadsOf(channelLeadCount.get(channel)),
      })),
      referrers: referrerVisits.map((r) => ({
        host: sourceLabel(r.referrer_host),
        visits: r.visits,
        ...leadsOf(referrerLeadCount.get(r.referrer_host)),
      })),
      campaigns: campaignVisits.map((c) => ({
        campaign: sourceLabel(c.utm_campaign),
        source: sourceLabel(c.utm_source),
        medium: sourceLabel(c.utm_medium),
        visits: c.visits,
        ...leadsOf(campaignLeadCount.get(campaignKey(c))),
      })),
      funnel: withLeads ? funnel : null,
      wonValue: withLeads
        ? {
            channels: wonByChannel.map((c) => ({ channel: c.channel as Channel, won: c.won, value: c.value })),
            // Won leads whose visit carried no campaign are in the channels' figures only.
            campaigns: wonByCampaign
              .filter((c) => c.utm_campaign || c.utm_source)
              .map((c) => ({
                campaign: sourceLabel(c.utm_campaign),
                source: sourceLabel(c.utm_source),
                medium: sourceLabel(c.utm_medium),
                won: c.won,
                value: c.value,
              })),
          }
        : null,
    };
  }

  /** Visitors of one page in the range, for a funnel page outside the top pages. */
  async function viewsOf(path: string, range: DayRange): Promise<number> {
    const [page] = await topPages(db, range, 1, path).then((rows) => rows.filter((r) => r.path === path));
    return page?.visitors ?? 0;
  }

  return {
    report,
    today,

    async summary(withLeads, now = new Date()) {
      const monday = mondayOf(now, timeZone);
      const thisWeek = { from: monday, to: today(now) };
      const lastWeek = { from: addDays(monday, -7), to: addDays(monday, -1) };
      const [visitorsThisWeek, visitorsLastWeek, leads] = await Promise.all([
        visitorsIn(db, thisWeek),
        visitorsIn(db, lastWeek),
        withLeads ? leadsBySource(db, thisWeek, ['channel']) : null,
      ]);
      const leadsByChannel =
        leads &&
        CHANNELS.flatMap((channel) =>
          leads.filter((l) => l.channel === channel).map((l) => ({ channel: channel as Channel, leads: l.leads })),
        );
      return { visitorsThisWeek, visitorsLastWeek, leadsByChannel };
    },

    async postFigures(slugs, withLeads, now = new Date()) {
      const range = { from: addDays(today(now), -29), to: today(now) };
      const paths = slugs.map((slug) => `/blog/${slug}`);
      const [views, leads] = await Promise.all([viewsOfPaths(db, range, paths), withLeads ? leadsByPage(db, range, paths) : null]);
      return new Map(
        slugs.map((slug, i) => [slug, { views: views.get(paths[i]!) ?? 0, leads: leads ? (leads.get(paths[i]!)?.leads ?? 0) : null }]),
      );
    },

    async leadSource(type, id) {
      const row = await findAttribution(db, type, id);
      if (!row) return null;
      return {
        channel: row.channel as Channel,
        referrerHost: sourceLabel(row.referrer_host),
        utmSource: sourceLabel(row.utm_source),
        utmMedium: sourceLabel(row.utm_medium),
        utmCampaign: sourceLabel(row.utm_campaign),
        landingPath: row.landing_path,
        pages: row.pages,
        secondsToLead: row.seconds_to_lead,
      };
    },
  };
}
