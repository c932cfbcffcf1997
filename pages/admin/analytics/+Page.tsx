import { LEAD_WORK_MESSAGES } from '../../../shared/lead-work-messages.ts';
import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import {
  ANALYTICS_RANGES,
  ANALYTICS_TEXT as T,
  type AnalyticsReport,
  type AnalyticsTable,
  type LeadCounts,
  conversion,
} from '../../../shared/analytics.ts';
import { ADMIN_SECTIONS } from '../../../shared/admin-texts.ts';
import { formatAud, formatWholeNumber } from '../../../shared/numbers.ts';
import { LEAD_WORK_TEXT } from '../../../shared/lead-work-texts.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable, type Column } from '../ui/AdminTable.tsx';
import type { AnalyticsData } from './+data.ts';
import { VisitsChart } from './VisitsChart.tsx';

/** The lead columns of a table, for a person who may see leads. */
function leadColumns<Row extends LeadCounts>(report: AnalyticsReport, visits: (row: Row) => number): Array<Column<Row>> {
  if (report.totals.leads === null) return [];
  return [
    { header: T.leads, cell: (r) => formatWholeNumber(r.leads ?? 0) },
    { header: T.conversion, cell: (r) => conversion(r.converted ?? 0, visits(r)) },
  ];
}

/** One table of the report under its heading, with its CSV download where it has one (`csv`, the file's address). */
function ReportSection({
  id,
  heading,
  csv,
  hint,
  children,
}: {
  id: string;
  heading: string;
  csv?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="admin-section analytics-section">
      <div className="analytics-section-head">
        <h2 id={id}>{heading}</h2>
        {csv && (
          <a href={csv} download className="button button-small" aria-describedby={id}>
            {T.downloadCsv}
          </a>
        )}
      </div>
      {hint && <p className="muted">{hint}</p>}
      {children}
    </section>
  );
}

const empty = <p>{T.nothingYet}</p>;

/**
 * Which pages bring visitors and leads (docs/product.md#analytics): counted on the server, without cookies. The
 * period is chosen through GET links and a GET form, so every view is a link and works without JavaScript.
 */
export default function AnalyticsPage() {
  const { report, search, today } = useData<AnalyticsData>();
  const preset = search.from ? null : Number(search.days ?? 30);
  return (
    <AdminShell title={ADMIN_SECTIONS.analytics.label}>
      <p className="muted">{T.intro}</p>
      <div className="admin-card analytics-range">
        <nav aria-label={T.range} className="range-links">
          {ANALYTICS_RANGES.map((days) => (
            <a key={days} href={`/admin/analytics?days=${days}`} aria-current={preset === days ? 'page' : undefined}>
              {T.lastDays(days)}
            </a>
          ))}
        </nav>
        <form method="get" action="/admin/analytics" className="range-form" aria-label={T.custom} noValidate>
          <div className="field">
            <label htmlFor="range-from">{T.from}</label>
            <input id="range-from" name="from" type="date" defaultValue={report?.range.from ?? search.from} required />
          </div>
          <div className="field">
            <label htmlFor="range-to">{T.to}</label>
            <input id="range-to" name="to" type="date" defaultValue={report?.range.to ?? search.to} required />
          </div>
          <button type="submit" className="button button-primary">
            {T.show}
          </button>
        </form>
      </div>
      {!report ? (
        <p className="notice notice-error" role="alert">
          {T.badRange}
        </p>
      ) : (
        <Report report={report} today={today} />
      )}
    </AdminShell>
  );
}

function Report({ report, today }: { report: AnalyticsReport; today: string }) {
  const { totals } = report;
  const csv = (table: AnalyticsTable) => `/api/admin/analytics/export/${table}?from=${report.range.from}&to=${report.range.to}`;
  const withLeads = totals.leads !== null;
  const counts = [
    { label: T.visitors, value: formatWholeNumber(totals.visitors) },
    { label: T.views, value: formatWholeNumber(totals.views) },
    ...(withLeads
      ? [
          { label: T.leads, value: formatWholeNumber(totals.leads ?? 0) },
          { label: T.conversion, value: conversion(totals.converted ?? 0, totals.visitors) },
        ]
      : []),
  ];
  return (
    <>
      {!report.enabled && <p className="notice notice-warning">{T.off}</p>}
      {!withLeads && <p className="muted">{T.contentOnly}</p>}
      <dl className="admin-counts">
        {counts.map((c) => (
          <div key={c.label} className="count-card">
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
      <ReportSection id="days-heading" heading={T.perDay} csv={csv('days')}>
        <VisitsChart days={report.days} today={today} />
      </ReportSection>

      <ReportSection id="pages-heading" heading={T.topPages} csv={csv('pages')}>
        <AdminTable
          label={T.topPages}
          rows={report.pages}
          rowKey={(p) => p.path}
          empty={empty}
          columns={[
            { header: T.page, cell: (p) => <a href={p.path}>{p.path}</a>, isRowHeader: true, className: 'analytics-label' },
            { header: T.visitors, cell: (p) => formatWholeNumber(p.visitors) },
            { header: T.views, cell: (p) => formatWholeNumber(p.views) },
            { header: T.entries, cell: (p) => formatWholeNumber(p.entries) },
            ...leadColumns<AnalyticsReport['pages'][number]>(report, (p) => p.visitors),
          ]}
        />
      </ReportSection>

      <ReportSection id="posts-heading" heading={T.topPosts} csv={csv('posts')}>
        <AdminTable
          label={T.topPosts}
          rows={report.posts}
          rowKey={(p) => p.path}
          empty={empty}
          columns={[
            { header: T.post, cell: (p) => <a href={p.path}>{p.title}</a>, isRowHeader: true, className: 'analytics-label' },
            { header: T.visitors, cell: (p) => formatWholeNumber(p.visitors) },
            { header: T.views, cell: (p) => formatWholeNumber(p.views) },
            ...leadColumns<AnalyticsReport['posts'][number]>(report, (p) => p.visitors),
          ]}
        />
      </ReportSection>

      <ReportSection id="channels-heading" heading={T.channelsHeading} csv={csv('channels')}>
        <AdminTable
          label={T.channelsHeading}
          rows={report.channels}
          rowKey={(c) => c.channel}
          empty={empty}
          columns={[
            { header: T.channel, cell: (c) => T.channels[c.channel], isRowHeader: true },
            { header: T.visits, cell: (c) => formatWholeNumber(c.visits) },
            ...leadColumns<AnalyticsReport['channels'][number]>(report, (c) => c.visits),
          ]}
        />
      </ReportSection>

      <ReportSection id="referrers-heading" heading={T.referrers} csv={csv('referrers')}>
        <AdminTable
          label={T.referrers}
          rows={report.referrers}
          rowKey={(r) => r.host}
          empty={empty}
          columns={[
            { header: T.referrer, cell: (r) => r.host, isRowHeader: true, className: 'analytics-label' },
            { header: T.visits, cell: (r) => formatWholeNumber(r.visits) },
            ...leadColumns<AnalyticsReport['referrers'][number]>(report, (r) => r.visits),
          ]}
        />
      </ReportSection>

      <ReportSection id="campaigns-heading" heading={T.campaigns} csv={csv('campaigns')}>
        <AdminTable
          label={T.campaigns}
          rows={report.campaigns}
          rowKey={(c) => `${c.campaign}/${c.source}/${c.medium}`}
          empty={empty}
          columns={[
            { header: T.campaign, cell: (c) => c.campaign || '–', isRowHeader: true, className: 'analytics-label' },
            { header: T.sourceMedium, cell: (c) => [c.source, c.medium].filter(Boolean).join(' / ') || '–', className: 'analytics-label' },
            { header: T.visits, cell: (c) => formatWholeNumber(c.visits) },
            ...leadColumns<AnalyticsReport['campaigns'][number]>(report, (c) => c.visits),
          ]}
        />
      </ReportSection>

      {report.wonValue && <WonValue won={report.wonValue} />}

      {report.funnel && (
        <ReportSection id="funnel-heading" heading={T.funnel} csv={csv('funnel')} hint={T.funnelHint}>
          <AdminTable
            label={T.funnel}
            rows={report.funnel.map((f, i, all) => ({ ...f, previous: i === 0 || f.step === 'contact-views' ? null : all[i - 1]!.count }))}
            rowKey={(f) => f.step}
            columns={[
              { header: T.step, cell: (f) => T.funnelSteps[f.step], isRowHeader: true },
              { header: T.count, cell: (f) => formatWholeNumber(f.count) },
              { header: T.stepShare, cell: (f) => (f.previous === null ? '–' : conversion(f.count, f.previous)) },
            ]}
          />
        </ReportSection>
      )}
    </>
  );
}

/** Won value by channel and by campaign: what the cookie-free sources brought in work that was won. */
function WonValue({ won }: { won: NonNullable<AnalyticsReport['wonValue']> }) {
  const W = LEAD_WORK_MESSAGES;
  const none = <p>{W.noWonValue}</p>;
  return (
    <>
      <ReportSection id="won-channels-heading" heading={W.wonValueHeading} hint={W.wonValueHint}>
        <AdminTable
          label={W.wonValueHeading}
          rows={won.channels}
          rowKey={(c) => c.channel}
          empty={none}
          columns={[
            { header: T.channel, cell: (c) => T.channels[c.channel], isRowHeader: true, className: 'analytics-label' },
            { header: W.wonLeads, cell: (c) => formatWholeNumber(c.won) },
            { header: LEAD_WORK_TEXT.value, cell: (c) => formatAud(c.value) },
          ]}
        />
      </ReportSection>
      <ReportSection id="won-campaigns-heading" heading={W.wonCampaignHeading}>
        <AdminTable
          label={W.wonCampaignHeading}
          rows={won.campaigns}
          rowKey={(c) => `${c.campaign}/${c.source}/${c.medium}`}
          empty={none}
          columns={[
            { header: T.campaign, cell: (c) => c.campaign || '–', isRowHeader: true, className: 'analytics-label' },
            { header: T.sourceMedium, cell: (c) => [c.source, c.medium].filter(Boolean).join(' / ') || '–', className: 'analytics-label' },
            { header: W.wonLeads, cell: (c) => formatWholeNumber(c.won) },
            { header: LEAD_WORK_TEXT.value, cell: (c) => formatAud(c.value) },
          ]}
        />
      </ReportSection>
    </>
  );
}
