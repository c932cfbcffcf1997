import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Seo } from '../../../components/Seo.tsx';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';

/** Every admin page's content: a private (noindex) title and the page's heading (the frame is AdminLayout's). */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { settings } = usePageContext();
  return (
    <>
      <Seo title={ADMIN_TEXT.pageTitle(title)} description={ADMIN_TEXT.description(settings.name)} noindex />
      <div className="admin-content">
        <div className="admin-head">
          <h1>{title}</h1>
          {actions && <div className="admin-actions">{actions}</div>}
        </div>
        {children}
      </div>
    </>
  );
}
