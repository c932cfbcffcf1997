import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Logo } from '../../../components/Logo.tsx';
import { SiteLayout } from '../../../components/SiteLayout.tsx';
import { SITE_TEXT } from '../../../shared/messages.ts';
import { ADMIN_NAV, STAFF_MESSAGES } from '../../../shared/admin-texts.ts';
import { type Role, mayOpen } from '../../../shared/roles.ts';

/** Pages that belong to a section without living under its address: the editor and the preview are the blog's. */
const SECTION_OF: Record<string, string> = { '/admin/blog-editor': '/admin/blog', '/admin/preview': '/admin/blog' };

function isCurrent(pathname: string, href: string): boolean {
  const section = Object.entries(SECTION_OF).find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
  return section === href || pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The admin's navigation. At desktop widths it is the sidebar; on phones the same element is a native popover
 * opened by the bar's Menu button, so without any script Escape closes it, focus returns to the button and its
 * links are Tab stops only while it is open (decision 009).
 */
function AdminSidebar({ pathname, role }: { pathname: string; role: Role }) {
  return (
    <nav id="admin-sidebar" popover="auto" aria-label={STAFF_MESSAGES.navLabel} className="admin-sidebar">
      <ul>
        {/* Only what the person's role opens: no link leads to a refusal. */}
        {ADMIN_NAV.filter((item) => mayOpen(role, item.href)).map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Who is signed in, their account, and Sign out: a POST with the session's CSRF token, never a link. */
function UserMenu({ name, email, csrfToken }: { name: string; email: string; csrfToken: string | null }) {
  return (
    <div className="admin-user" role="group" aria-label={STAFF_MESSAGES.userMenuLabel}>
      <a href="/admin/account" className="admin-user-name" title={email}>
        <span className="visually-hidden">{STAFF_MESSAGES.signedInAs} </span>
        {name}
      </a>
      <form method="post" action="/admin/logout">
        {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
        <button type="submit" className="button button-small button-ghost-dark">
          {SITE_TEXT.signOut}
        </button>
      </form>
    </div>
  );
}

/**
 * Every /admin page (and the admin's error pages): a bar with the brand, the menu button on phones and the user
 * menu; the sidebar; the page. Before sign-in (login, invitation) there is no navigation, only a way back to the
 * public site. A page whose config says `adminFrame: false` (a post's preview) gets the public site's frame.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user, csrfToken, urlPathname, config } = usePageContext();
  if (config.adminFrame === false) return <SiteLayout>{children}</SiteLayout>;
  return (
    <div className={user ? 'admin-frame' : 'admin-frame admin-frame-signed-out'}>
      <a className="skip-link" href="#main">
        {STAFF_MESSAGES.skipToContent}
      </a>
      <header className="admin-bar">
        {user && (
          <button type="button" className="admin-menu-toggle" popoverTarget="admin-sidebar">
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {STAFF_MESSAGES.menu}
          </button>
        )}
        <a href={user ? '/admin/dashboard' : '/'} className="brand">
          <Logo />
          <span className="admin-bar-area">{STAFF_MESSAGES.areaName}</span>
        </a>
        <a href="/" className="admin-view-site">
          {STAFF_MESSAGES.viewSite}
        </a>
        {user && <UserMenu name={user.name} email={user.email} csrfToken={csrfToken} />}
      </header>
      {user && <AdminSidebar pathname={urlPathname} role={user.role} />}
      <main id="main" tabIndex={-1} className="admin">
        {children}
      </main>
    </div>
  );
}
