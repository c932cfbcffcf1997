import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { SITE_TEXT } from '../shared/messages.ts';
import { SERVICES_LINK, SERVICE_IDS } from '../shared/services.ts';
import { Logo } from './Logo.tsx';

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** Sign-out is a POST (a link could be triggered by any page); it carries the session's CSRF token. */
function SignOutForm({ csrfToken }: { csrfToken: string | null }) {
  return (
    <form method="post" action="/admin/logout" className="logout-form">
      {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
      <button type="submit" className="nav-button">
        {SITE_TEXT.signOut}
      </button>
    </form>
  );
}

/**
 * The signed-in staff's entries (docs/product.md#header: Dashboard and Sign out), in the Admin menu and the phone
 * menu alike.
 */
function StaffItems({ csrfToken }: { csrfToken: string | null }) {
  return (
    <>
      <li>
        <a href="/admin/dashboard">{SITE_TEXT.dashboard}</a>
      </li>
      <li>
        <SignOutForm csrfToken={csrfToken} />
      </li>
    </>
  );
}

/**
 * A top-level link with a menu beside it. The menu is a native popover opened by its own button, so it works
 * without JavaScript (content pages ship none): Escape or a click elsewhere closes it and focus returns to the
 * button, and its links are Tab stops only while it is open (right after the button). A mouse resting on the
 * link also opens it (an interest invoker, where the browser has them), and Escape closes it then too. The caret
 * button is named after the menu, the link after its page.
 */
function NavMenu({
  id,
  href,
  label,
  menuLabel,
  current,
  align,
  children,
}: {
  id: string;
  href: string;
  label: string;
  menuLabel: string;
  current: 'page' | undefined;
  align?: 'right';
  children: ReactNode;
}) {
  return (
    <li className={`has-dropdown has-dropdown-${id}`}>
      {/* `interestfor` is newer than React's types: hovering the link opens the menu as a popover (Escape closes it). */}
      <a href={href} aria-current={current} {...{ interestfor: `${id}-menu` }}>
        {label}
      </a>
      <button type="button" className="dropdown-toggle" popoverTarget={`${id}-menu`} aria-label={menuLabel}>
        <svg className="caret" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul id={`${id}-menu`} popover="auto" className={align === 'right' ? 'dropdown dropdown-right' : 'dropdown'} aria-label={menuLabel}>
        {children}
      </ul>
    </li>
  );
}

/**
 * Header for every page, without JavaScript. Desktop: the Services and Admin menus (NavMenu). Phones: a
 * compact Get Quote button and a Menu button whose panel is a native popover too (Escape closes it).
 */
export function SiteHeader() {
  const { urlPathname, user, csrfToken, settings, serviceLabels, navigation } = usePageContext();
  // The header's links as staff last published them (docs/product.md#navigation): a label and where it goes.
  const links = navigation.header.map(({ title, text }) => ({ label: title, href: text }));
  const current = (href: string) => (isCurrent(urlPathname, href) ? ('page' as const) : undefined);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href="/" className="brand" aria-label={SITE_TEXT.homeLink(settings.name)}>
          <Logo />
        </a>
        <nav aria-label={SITE_TEXT.mainNav} className="main-nav">
          <ul className="nav-list">
            {links.map((link, i) =>
              link.href === SERVICES_LINK ? (
                <NavMenu
                  key={i}
                  id="services"
                  href={SERVICES_LINK}
                  label={link.label}
                  menuLabel={SITE_TEXT.servicesMenu}
                  current={current(SERVICES_LINK)}
                >
                  {SERVICE_IDS.map((id) => (
                    <li key={id}>
                      <a href={`/quote?service=${id}`}>{serviceLabels[id].name}</a>
                    </li>
                  ))}
                </NavMenu>
              ) : (
                <li key={i}>
                  <a href={link.href} aria-current={current(link.href)}>
                    {link.label}
                  </a>
                </li>
              ),
            )}
            {user && (
              <NavMenu
                id="admin"
                href="/admin/dashboard"
                label={SITE_TEXT.admin}
                menuLabel={SITE_TEXT.adminMenu}
                current={current('/admin')}
                align="right"
              >
                <StaffItems csrfToken={csrfToken} />
              </NavMenu>
            )}
          </ul>
        </nav>
        <a href="/quote" className="button button-primary header-cta">
          {SITE_TEXT.getQuote}
        </a>
        <button type="button" className="mobile-nav-toggle" popoverTarget="mobile-nav">
          <span className="visually-hidden">{SITE_TEXT.menu}</span>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <nav id="mobile-nav" popover="auto" aria-label={SITE_TEXT.mobileNav} className="mobile-nav">
          <ul>
            {links.map((link, i) => (
              <li key={i}>
                <a href={link.href} aria-current={current(link.href)}>
                  {link.label}
                </a>
              </li>
            ))}
            {user && <StaffItems csrfToken={csrfToken} />}
          </ul>
        </nav>
      </div>
    </header>
  );
}
