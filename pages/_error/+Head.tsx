import { usePageContext } from 'vike-react/usePageContext';
import { isAdminPath } from '../../shared/admin.ts';
import { AdminStyles } from '../admin/ui/AdminStyles.tsx';

/** An error under /admin is shown in the staff area's frame (+Layout.tsx), so it needs that area's styles. */
export default function ErrorHead() {
  const { urlPathname } = usePageContext();
  return isAdminPath(urlPathname) ? <AdminStyles /> : null;
}
