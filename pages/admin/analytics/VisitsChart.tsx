import { ANALYTICS_TEXT as T, type AnalyticsReport } from '../../../shared/analytics.ts';
import { formatCalendarDate } from '../../../shared/dates.ts';
import { DataTable } from '../ui/AdminTable.tsx';
import { ChartAxes } from '../ui/ChartAxes.tsx';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 36, left: 44 };

/**
 * Visitors (bars) and page views (a line) per day, drawn on the server as SVG: no script, no library. Screen
 * readers get the caption's totals and the same numbers as a table.
 */
export function VisitsChart({ days }: { days: AnalyticsReport['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.views));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const labelEvery = Math.ceil(days.length / 8);
  const visitors = days.reduce((n, d) => n + d.visitors, 0);
  const views = days.reduce((n, d) => n + d.views, 0);
  return (
    <figure className="leads-chart visits-chart">
      <figcaption>
        {T.chartSummary(visitors, views, days.length)} <span className="legend legend-quote">{T.visitors}</span>{' '}
        <span className="legend legend-contact">{T.views}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <ChartAxes max={max} y={y} left={PAD.left} right={WIDTH - PAD.right} />
        {days.map((d, i) => (
          <g key={d.day}>
            <rect x={x(i) - slot * 0.35} y={y(d.visitors)} width={slot * 0.7} height={y(0) - y(d.visitors)} className="bar-quote" />
            {i % labelEvery === 0 && (
              <text x={x(i)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className="tick">
                {d.day.slice(8)}/{Number(d.day.slice(5, 7))}
              </text>
            )}
          </g>
        ))}
        <polyline points={days.map((d, i) => `${x(i)},${y(d.views)}`).join(' ')} className="line-views" />
      </svg>
      <details className="chart-table">
        <summary>{T.perDay}</summary>
        <DataTable
          caption={T.perDay}
          rows={days}
          rowKey={(d) => d.day}
          columns={[
            { header: T.date, cell: (d) => formatCalendarDate(d.day), isRowHeader: true },
            { header: T.visitors, cell: (d) => d.visitors },
            { header: T.views, cell: (d) => d.views },
          ]}
        />
      </details>
    </figure>
  );
}
