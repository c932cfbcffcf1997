import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../../components/Seo.tsx';

const NAV = [
  { href: '/admin/dashboard', label: 'Dashboard' },
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/blog', label: 'Blog' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/privacy', label: 'Privacy' },
  { href: '/admin/account', label: 'Account' },
] as const;

/** Every admin page: a private (noindex) title, the admin navigation and the page's heading. */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { urlPathname, user } = usePageContext();
  const current = (href: string) => urlPathname === href || urlPathname.startsWith(`${href}/`);
  return (
    <>
      <Seo title={`${title} · Admin`} description="Northbridge IT staff area." noindex />
      <div className="admin">
        <div className="container">
          {user && (
            <nav aria-label="Admin" className="admin-nav">
              <ul>
                {NAV.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={current(item.href) ? 'page' : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="admin-head">
            <h1>{title}</h1>
            {actions && <div className="admin-actions">{actions}</div>}
          </div>
          {children}
        </div>
      </div>
    </>
  );
}
