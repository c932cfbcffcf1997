import type { PageContextServer } from 'vike/types';
import type { AuditPage } from '../../../shared/admin.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export function data(pageContext: PageContextServer): Promise<AuditPage> {
  return orNotFound(pageContext.services.admin.audit(pageContext.urlParsed.search.cursor || undefined), '/admin/audit');
}
