import type { PageContextServer } from 'vike/types';
import type { AccountInfo } from '../../../shared/admin.ts';
import { can } from '../../../shared/roles.ts';

/**
 * `weeklySummary`: whether they asked for the weekly analytics e-mail; null for a role that cannot see analytics.
 * `followUpEmail`: whether they asked for the morning e-mail of their follow-ups due; null for a role without leads.
 */
export type AccountData = AccountInfo & { weeklySummary: boolean | null; followUpEmail: boolean | null };

export async function data(pageContext: PageContextServer): Promise<AccountData> {
  const user = pageContext.user!;
  const [account, weeklySummary, followUpEmail] = await Promise.all([
    pageContext.services.admin.account(user.id),
    can(user.role, 'analytics.view') ? pageContext.services.admin.weeklySummary(user.id) : null,
    can(user.role, 'leads.view') ? pageContext.services.admin.followUpEmail(user.id) : null,
  ]);
  return { ...account, weeklySummary, followUpEmail };
}
