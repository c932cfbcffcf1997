import admin from '../../components/styles/admin.css?inline';

/**
 * The staff area's own styles, after the site's (pages/+Head.tsx, whose Head every page keeps: vike-react's Head is
 * cumulative). Inline for the same reason as the site's; the CSP names this block's hash too. Public pages carry none.
 */
export default function AdminHead() {
  return <style dangerouslySetInnerHTML={{ __html: admin }} />;
}
