import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { type Assignee, LEAD_TYPES, type LeadDetail, type LeadType } from '../../../../../shared/admin.ts';
import { ERROR_PAGES } from '../../../../../shared/messages.ts';
import type { LeadSource } from '../../../../../shared/analytics.ts';

export type LeadPageData = LeadDetail & { source: LeadSource | null; staff: Assignee[] };

export async function data(pageContext: PageContextServer): Promise<LeadPageData> {
  const { type, id } = pageContext.routeParams as { type: string; id: string };
  if (!(LEAD_TYPES as readonly string[]).includes(type)) throw render(404, ERROR_PAGES.lead);
  const lead = await pageContext.services.admin.lead(type as LeadType, id);
  if (!lead) throw render(404, ERROR_PAGES.lead);
  const [source, staff] = await Promise.all([pageContext.services.admin.leadSource(type as LeadType, id), pageContext.services.admin.assignableStaff()]);
  return { ...lead, source, staff };
}
