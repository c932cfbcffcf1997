import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ERROR_PAGES } from '../../../../shared/messages.ts';
import type { StaffPerson } from '../../../../shared/staff.ts';

export async function data(pageContext: PageContextServer): Promise<StaffPerson> {
  const person = await pageContext.services.admin.person(pageContext.routeParams.id!, pageContext.csrfToken);
  if (!person) throw render(404, ERROR_PAGES.person);
  return person;
}
