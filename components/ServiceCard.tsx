import type { Service } from '../shared/services.ts';
import { ServiceIcon } from './ServiceIcon.tsx';

export function ServiceCard({ service, headingLevel = 3 }: { service: Service; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card service-card">
      <span className="service-icon">
        <ServiceIcon id={service.id} size={28} />
      </span>
      <Heading className="card-title">
        <a href={`/services?service=${service.id}`} className="stretched-link">
          {service.name}
        </a>
      </Heading>
      <p>{service.summary}</p>
    </article>
  );
}
