import { usePageContext } from 'vike-react/usePageContext';
import { SERVICES } from '../shared/services.ts';
import { Logo } from './Logo.tsx';

const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services' },
  { href: '/about', label: 'About' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
] as const;

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** Sign-out is a POST (a link could be triggered by any page); it carries the session's CSRF token. */
function LogoutForm({ csrfToken }: { csrfToken: string | null }) {
  return (
    <form method="post" action="/admin/logout" className="logout-form">
      {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
      <button type="submit" className="nav-button">
        Logout
      </button>
    </form>
  );
}

/**
 * Header for every page. Works without JavaScript: the Services and Admin dropdowns open on hover and on
 * keyboard focus (CSS :focus-within); on phones the menu is a native <details> disclosure.
 */
export function SiteHeader() {
  const { urlPathname, user, csrfToken } = usePageContext();
  const current = (href: string) => (isCurrent(urlPathname, href) ? ('page' as const) : undefined);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href="/" className="brand" aria-label="Northbridge IT home">
          <Logo />
        </a>
        <nav aria-label="Main" className="main-nav">
          <ul className="nav-list">
            {LINKS.map((link) =>
              link.href === '/services' ? (
                <li key={link.href} className="has-dropdown">
                  <a href="/services" aria-current={current('/services')}>
                    Services
                    <svg className="caret" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                    </svg>
                  </a>
                  <ul className="dropdown" aria-label="Request a quote for a service">
                    {SERVICES.map((service) => (
                      <li key={service.id}>
                        <a href={`/quote?service=${service.id}`}>{service.name}</a>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={link.href}>
                  <a href={link.href} aria-current={current(link.href)}>
                    {link.label}
                  </a>
                </li>
              ),
            )}
            {user && (
              <li className="has-dropdown">
                <a href="/admin/dashboard" aria-current={current('/admin')}>
                  Admin
                </a>
                <ul className="dropdown dropdown-right">
                  <li>
                    <a href="/admin/dashboard">Dashboard</a>
                  </li>
                  <li>
                    <LogoutForm csrfToken={csrfToken} />
                  </li>
                </ul>
              </li>
            )}
          </ul>
        </nav>
        <a href="/quote" className="button button-primary header-cta">
          Get Quote
        </a>
        <details className="mobile-nav">
          <summary>
            <span className="visually-hidden">Menu</span>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <nav aria-label="Main (mobile)">
            <ul>
              {LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={current(link.href)}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a href="/quote">Get Quote</a>
              </li>
              {user && (
                <>
                  <li>
                    <a href="/admin/dashboard">Dashboard</a>
                  </li>
                  <li>
                    <LogoutForm csrfToken={csrfToken} />
                  </li>
                </>
              )}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
