import type { PageContextServer } from 'vike/types';
import type { AuditPage } from '../../../shared/admin.ts';

export function data(pageContext: PageContextServer): Promise<AuditPage> {
  return pageContext.services.admin.audit(pageContext.urlParsed.search.cursor || undefined);
}
