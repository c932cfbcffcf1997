import type { PageContextServer } from 'vike/types';
import type { AuditPage, AuditQuery } from '../../../shared/admin.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export type AuditData = AuditPage & { query: AuditQuery };

/** The filters live in the URL (`?person=…&action=…`), so a filtered log is a link and works without JavaScript. */
export async function data(pageContext: PageContextServer): Promise<AuditData> {
  const { person, action, cursor } = pageContext.urlParsed.search;
  const query: AuditQuery = { ...(person && { person }), ...(action && { action }), ...(cursor && { cursor }) };
  const page = await orNotFound(pageContext.services.admin.audit(query), '/admin/audit');
  return { ...page, query };
}
