import type { PageContextServer } from 'vike/types';
import type { LeadPage } from '../../../shared/admin.ts';
import type { LeadFilterQuery } from '../../../shared/admin.ts';
import { parseLeadFilter } from '../../../shared/schemas/admin-leads.ts';
import { orNotFound } from '../ui/page-not-found.ts';

export interface LeadsPageData {
  filter: LeadFilterQuery;
  page: LeadPage;
}

/** The filter lives in the query string, so every view of the inbox is a link that works without JavaScript. */
export async function data(pageContext: PageContextServer): Promise<LeadsPageData> {
  const filter = parseLeadFilter(pageContext.urlParsed.search);
  const { cursor, ...rest } = filter;
  return { filter, page: await orNotFound(pageContext.services.admin.leads(rest, cursor), '/admin/leads') };
}
