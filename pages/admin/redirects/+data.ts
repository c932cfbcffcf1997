import type { PageContextServer } from 'vike/types';
import type { Redirect } from '../../../shared/redirects.ts';

export interface RedirectsData {
  redirects: Redirect[];
}

export async function data(pageContext: PageContextServer): Promise<RedirectsData> {
  return { redirects: await pageContext.services.admin.redirects() };
}
