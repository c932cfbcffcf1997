import type { PageContextServer } from 'vike/types';
import type { DashboardView } from '../../../shared/admin.ts';

export interface DashboardPageData {
  dashboard: DashboardView;
  /** When the numbers were read, so "older than 24 h" is judged the same on the server and in the browser. */
  now: string;
}

export async function data(pageContext: PageContextServer): Promise<DashboardPageData> {
  return { dashboard: await pageContext.services.admin.dashboard(pageContext.user!), now: new Date().toISOString() };
}
