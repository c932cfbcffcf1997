import type { PageContextServer } from 'vike/types';
import type { StaffOverview } from '../../../shared/staff.ts';

export function data(pageContext: PageContextServer): Promise<StaffOverview> {
  return pageContext.services.admin.staff();
}
