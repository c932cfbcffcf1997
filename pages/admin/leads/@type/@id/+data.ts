import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { LEAD_TYPES, type LeadDetail, type LeadType } from '../../../../../shared/admin.ts';

const NOT_FOUND = {
  title: 'Lead not found',
  message: 'This lead does not exist or has been deleted.',
  backHref: '/admin/leads',
  backLabel: 'Back to the leads',
};

export async function data(pageContext: PageContextServer): Promise<LeadDetail> {
  const { type, id } = pageContext.routeParams as { type: string; id: string };
  if (!(LEAD_TYPES as readonly string[]).includes(type)) throw render(404, NOT_FOUND);
  const lead = await pageContext.services.admin.lead(type as LeadType, id);
  if (!lead) throw render(404, NOT_FOUND);
  return lead;
}
