import { COMPANY } from '../shared/company.ts';

export function Stats() {
  return (
    <dl className="stats">
      {COMPANY.stats.map((stat) => (
        <div key={stat.label} className="stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
