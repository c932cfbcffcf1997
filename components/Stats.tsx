import { usePageContext } from 'vike-react/usePageContext';

export function Stats() {
  const { stats } = usePageContext().settings;
  return (
    <dl className="stats">
      {stats.map((stat, i) => (
        <div key={`${i}`} className="stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
