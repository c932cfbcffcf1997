import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { LEAD_TYPES, type LeadDetail, type LeadType } from '../../../../../shared/admin.ts';
import { ERROR_PAGES } from '../../../../../shared/messages.ts';

export async function data(pageContext: PageContextServer): Promise<LeadDetail> {
  const { type, id } = pageContext.routeParams as { type: string; id: string };
  if (!(LEAD_TYPES as readonly string[]).includes(type)) throw render(404, ERROR_PAGES.lead);
  const lead = await pageContext.services.admin.lead(type as LeadType, id);
  if (!lead) throw render(404, ERROR_PAGES.lead);
  return lead;
}
