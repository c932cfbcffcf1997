import { ANALYTICS_TEXT as T, type AnalyticsReport, type AnalyticsTable, type LeadCounts, conversion } from '../../shared/analytics.ts';
import { csvRow } from '../inbox/csv.ts';

type Cell = string | number | null;

/** One table of the Analytics page as CSV rows, headings first; lead columns only when the report has them. */
export function analyticsCsv(report: AnalyticsReport, table: AnalyticsTable): string {
  const withLeads = report.totals.leads !== null;
  const leadColumns = (row: LeadCounts, visits: number): Cell[] => (withLeads ? [row.leads, conversion(row.converted ?? 0, visits)] : []);
  const leadHeadings = withLeads ? [T.leads, T.conversion] : [];
  const rows: Cell[][] = (() => {
    switch (table) {
      case 'days':
        return [[T.date, T.visitors, T.views], ...report.days.map((d) => [d.day, d.visitors, d.views])];
      case 'pages':
        return [
          [T.page, T.visitors, T.views, T.entries, ...leadHeadings],
          ...report.pages.map((p) => [p.path, p.visitors, p.views, p.entries, ...leadColumns(p, p.visitors)]),
        ];
      case 'posts':
        return [
          [T.post, T.address, T.visitors, T.views, ...leadHeadings],
          ...report.posts.map((p) => [p.title, p.path, p.visitors, p.views, ...leadColumns(p, p.visitors)]),
        ];
      case 'channels':
        return [
          [T.channel, T.visits, ...leadHeadings],
          ...report.channels.map((c) => [T.channels[c.channel], c.visits, ...leadColumns(c, c.visits)]),
        ];
      case 'referrers':
        return [[T.referrer, T.visits, ...leadHeadings], ...report.referrers.map((r) => [r.host, r.visits, ...leadColumns(r, r.visits)])];
      case 'campaigns':
        return [
          [T.campaign, T.source, T.medium, T.visits, ...leadHeadings],
          ...report.campaigns.map((c) => [c.campaign, c.source, c.medium, c.visits, ...leadColumns(c, c.visits)]),
        ];
      case 'funnel':
        return [[T.step, T.count], ...(report.funnel ?? []).map((f) => [T.funnelSteps[f.step], f.count])];
    }
  })();
  return rows.map((r) => csvRow(r)).join('');
}
