import { usePageContext } from 'vike-react/usePageContext';
import { serviceName, serviceNamesOf } from '../../../shared/lead-fields.ts';

/** Names a service as staff last published it (every page's context has the names in force), by its id. */
export function useServiceName(): (id: string | null | undefined) => string {
  const names = serviceNamesOf(usePageContext().serviceLabels);
  return (id) => serviceName(id, names);
}
