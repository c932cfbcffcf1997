import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { safeNextPath } from '../../shared/admin.ts';

/**
 * Every /admin page but the login and invitation pages needs a signed-in staff member; a signed-out visitor is sent to the
 * login page with the page they wanted as `next`. When two-factor sign-in is required and missing, only the
 * account page (where it is set up) opens.
 */
export function guard(pageContext: PageContextServer): void {
  const { urlPathname, urlOriginal, user } = pageContext;
  if (urlPathname === '/admin/login') {
    if (user && !user.mustSetUpTwoFactor) throw redirect(safeNextPath(pageContext.urlParsed.search.next));
    return;
  }
  // An invitee has no account yet: the link's one-time token is what lets them in.
  if (urlPathname === '/admin/invitation') return;
  if (!user) throw redirect(`/admin/login?next=${encodeURIComponent(urlOriginal)}`);
  if (user.mustSetUpTwoFactor && urlPathname !== '/admin/account') throw redirect('/admin/account');
}
