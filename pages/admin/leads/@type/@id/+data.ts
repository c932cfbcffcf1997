import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { type Assignee, LEAD_TYPES, type LeadDetail, type LeadType } from '../../../../../shared/admin.ts';
import { ERROR_PAGES } from '../../../../../shared/messages.ts';
import type { LeadSource } from '../../../../../shared/lead-source.ts';
import type { SavedReply } from '../../../../../shared/saved-replies.ts';

export type LeadPageData = LeadDetail & { source: LeadSource | null; staff: Assignee[]; savedReplies: SavedReply[] };

export async function data(pageContext: PageContextServer): Promise<LeadPageData> {
  const { type, id } = pageContext.routeParams as { type: string; id: string };
  if (!(LEAD_TYPES as readonly string[]).includes(type)) throw render(404, ERROR_PAGES.lead);
  const lead = await pageContext.services.admin.lead(type as LeadType, id);
  if (!lead) throw render(404, ERROR_PAGES.lead);
  const { admin } = pageContext.services;
  const [source, staff, savedReplies] = await Promise.all([
    admin.leadSource(type as LeadType, id),
    admin.assignableStaff(),
    admin.savedReplies(),
  ]);
  return { ...lead, source, staff, savedReplies };
}
