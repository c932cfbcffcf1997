import type { PageContextServer } from 'vike/types';
import type { AccountInfo } from '../../../shared/admin.ts';

export function data(pageContext: PageContextServer): Promise<AccountInfo> {
  return pageContext.services.admin.account(pageContext.user!.id);
}
