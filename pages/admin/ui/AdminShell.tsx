import type { ReactNode } from 'react';
import { Seo } from '../../../components/Seo.tsx';

/** Every admin page's content: a private (noindex) title and the page's heading (the frame is AdminLayout's). */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <Seo title={`${title} · Admin`} description="Northbridge IT staff area." noindex />
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
