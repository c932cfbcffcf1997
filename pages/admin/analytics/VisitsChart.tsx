import { ANALYTICS_TEXT as T, type AnalyticsReport } from '../../../shared/analytics.ts';
import { formatCalendarDate } from '../../../shared/dates.ts';
import { DataTable } from '../ui/AdminTable.tsx';
import { ChartAxes } from '../ui/ChartAxes.tsx';

const WIDTH = 720;
const HEIGHT = 150;
const PAD = { top: 16, right: 8, bottom: 36, left: 44 };

type Day = AnalyticsReport['days'][number];

/**
 * One series per day on a scale of its own: visitors as bars, page views as a line. Two panels rather than one
 * axis, since views outnumber visitors many times over and would flatten the bars. Today's tick says "Today".
 */
function DayPanel({ days, today, count, kind }: { days: readonly Day[]; today: string; count: (d: Day) => number; kind: 'bars' | 'line' }) {
  const max = Math.max(1, ...days.map(count));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const labelEvery = Math.ceil(days.length / 8);
  // The last regular tick gives way when it would crowd today's.
  const labelled = (i: number) => days[i]!.day === today || (i % labelEvery === 0 && days.length - 1 - i >= labelEvery / 2);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <ChartAxes max={max} y={y} left={PAD.left} right={WIDTH - PAD.right} />
      {days.map((d, i) => (
        <g key={d.day}>
          {kind === 'bars' && (
            <rect x={x(i) - slot * 0.35} y={y(count(d))} width={slot * 0.7} height={y(0) - y(count(d))} className="bar-quote" />
          )}
          {labelled(i) && (
            <text x={x(i)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className={d.day === today ? 'tick tick-today' : 'tick'}>
              {d.day === today ? T.today : `${d.day.slice(8)}/${Number(d.day.slice(5, 7))}`}
            </text>
          )}
        </g>
      ))}
      {kind === 'line' && <polyline points={days.map((d, i) => `${x(i)},${y(count(d))}`).join(' ')} className="line-views" />}
    </svg>
  );
}

/**
 * Visitors and page views per day, drawn on the server as SVG: no script, no library. Screen readers get the
 * caption's totals and the same numbers as a table.
 */
export function VisitsChart({ days, today }: { days: AnalyticsReport['days']; today: string }) {
  const visitors = days.reduce((n, d) => n + d.visitors, 0);
  const views = days.reduce((n, d) => n + d.views, 0);
  return (
    <figure className="leads-chart visits-chart">
      <figcaption>{T.chartSummary(visitors, views, days.length)}</figcaption>
      <p className="chart-panel-title">
        <span className="legend legend-quote">{T.visitors}</span>
      </p>
      <DayPanel days={days} today={today} count={(d) => d.visitors} kind="bars" />
      <p className="chart-panel-title">
        <span className="legend legend-contact">{T.views}</span>
      </p>
      <DayPanel days={days} today={today} count={(d) => d.views} kind="line" />
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
