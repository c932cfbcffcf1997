import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { SiteLayout } from '../../components/SiteLayout.tsx';
import { isAdminPath } from '../../shared/admin.ts';
import { AdminLayout } from '../admin/ui/AdminLayout.tsx';

/** The error page serves both areas, so it sits outside their folders and takes the frame of the address asked for. */
export default function ErrorLayout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  return isAdminPath(urlPathname) ? <AdminLayout>{children}</AdminLayout> : <SiteLayout>{children}</SiteLayout>;
}
