import type { PageContextServer } from 'vike/types';
import type { InvitationView } from '../../../shared/staff.ts';

export interface InvitationData {
  invitation: InvitationView | null;
  token: string;
}

/** Who the link is for, so the invitee sees their own name and address before choosing a password. */
export async function data(pageContext: PageContextServer): Promise<InvitationData> {
  const token = pageContext.urlParsed.search.token ?? '';
  return { invitation: token ? await pageContext.services.admin.invitation(token) : null, token };
}
