/**
 * A bar chart's base line and its two value ticks (0 and the largest value), as the admin's SVG charts draw them:
 * `y` places a value, `left` and `right` are the plot's edges in the chart's own units.
 */
export function ChartAxes({ max, y, left, right }: { max: number; y: (n: number) => number; left: number; right: number }) {
  return (
    <>
      <line x1={left} x2={right} y1={y(0)} y2={y(0)} className="axis" />
      <text x={left - 6} y={y(max) + 4} textAnchor="end" className="tick">
        {max}
      </text>
      <text x={left - 6} y={y(0) + 4} textAnchor="end" className="tick">
        0
      </text>
    </>
  );
}
