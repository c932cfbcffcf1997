import { AdminStyles } from './ui/AdminStyles.tsx';

/** Added to the site's Head (pages/+Head.tsx): vike-react's Head is cumulative. */
export default function AdminHead() {
  return <AdminStyles />;
}
