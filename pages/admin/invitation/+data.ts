import type { PageContextServer } from 'vike/types';
import type { InvitationView } from '../../../shared/staff.ts';

export interface InvitationData {
  invitation: InvitationView | null;
  token: string;
  /** What a form posted without JavaScript was refused for: a field's name, `invalid` or `exists`. */
  error: string | null;
}

/** Who the link is for, so the invitee sees their own name and address before choosing a password. */
export async function data(pageContext: PageContextServer): Promise<InvitationData> {
  const { token = '', error = null } = pageContext.urlParsed.search;
  return { invitation: token ? await pageContext.services.admin.invitation(token) : null, token, error };
}
