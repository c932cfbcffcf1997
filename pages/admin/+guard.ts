import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { safeNextPath } from '../../shared/admin.ts';
import { can, pageCapability } from '../../shared/roles.ts';
import { refusedPage } from './ui/refused.ts';

/**
 * Every /admin page but the login and invitation pages needs a signed-in staff member; a signed-out visitor is sent to the
 * login page with the page they wanted as `next`. When two-factor sign-in is required and missing, only the
 * account page (where it is set up) opens. A page outside the person's role answers 403 in the admin's frame
 * (docs/product.md#roles); a page the permission table does not list is refused, so a new page cannot be forgotten.
 */
export function guard(pageContext: PageContextServer): void {
  const { urlPathname, urlOriginal, user } = pageContext;
  const capability = pageCapability(urlPathname);
  if (urlPathname === '/admin/login') {
    if (user && !user.mustSetUpTwoFactor) throw redirect(safeNextPath(pageContext.urlParsed.search.next));
    return;
  }
  // An invitee has no account yet: the link's one-time token is what lets them in.
  if (capability === null) return;
  if (!user) throw redirect(`/admin/login?next=${encodeURIComponent(urlOriginal)}`);
  if (user.mustSetUpTwoFactor && urlPathname !== '/admin/account') throw redirect('/admin/account');
  if (capability === undefined || !can(user.role, capability)) throw refusedPage(user, capability ?? 'unlisted');
}
