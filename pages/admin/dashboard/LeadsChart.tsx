import type { WeeklyLeads } from '../../../shared/admin.ts';
import { formatCalendarDate } from '../../../shared/dates.ts';
import { DASHBOARD_TEXT } from '../../../shared/admin-texts.ts';
import { DataTable } from '../ui/AdminTable.tsx';
import { ChartAxes } from '../ui/ChartAxes.tsx';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 36, left: 36 };

function weekLabel(weekStart: string): string {
  const [, m, d] = weekStart.split('-').map(Number) as [number, number, number];
  return `${d}/${m}`;
}

/**
 * Leads per week as stacked bars (quotes, then contacts), drawn on the server as SVG: no script, no library.
 * Screen readers get the same numbers as a table.
 */
export function LeadsChart({ weeks }: { weeks: WeeklyLeads[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.quotes + w.contacts));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / weeks.length;
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const total = weeks.reduce((sum, w) => sum + w.quotes + w.contacts, 0);
  return (
    <figure className="leads-chart">
      <figcaption id="chart-caption">
        {DASHBOARD_TEXT.chartCaption.before}
        {total}
        {DASHBOARD_TEXT.chartCaption.after}
        <span className="legend legend-quote">{DASHBOARD_TEXT.counts.quotes}</span>{' '}
        <span className="legend legend-contact">{DASHBOARD_TEXT.counts.contacts}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <ChartAxes max={max} y={y} left={PAD.left} right={WIDTH - PAD.right} />
        {weeks.map((w, i) => {
          const x = PAD.left + i * slot + slot * 0.15;
          const barW = slot * 0.7;
          return (
            <g key={w.weekStart}>
              <rect x={x} y={y(w.quotes)} width={barW} height={y(0) - y(w.quotes)} className="bar-quote" />
              <rect
                x={x}
                y={y(w.quotes + w.contacts)}
                width={barW}
                height={y(w.quotes) - y(w.quotes + w.contacts)}
                className="bar-contact"
              />
              <text x={x + barW / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className="tick">
                {weekLabel(w.weekStart)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="chart-table">
        <summary>{DASHBOARD_TEXT.showNumbers}</summary>
        <DataTable
          caption={DASHBOARD_TEXT.chartHeading}
          rows={weeks}
          rowKey={(w) => w.weekStart}
          columns={[
            { header: DASHBOARD_TEXT.weekStarting, cell: (w) => formatCalendarDate(w.weekStart), isRowHeader: true },
            { header: DASHBOARD_TEXT.counts.quotes, cell: (w) => w.quotes },
            { header: DASHBOARD_TEXT.counts.contacts, cell: (w) => w.contacts },
          ]}
        />
      </details>
    </figure>
  );
}
