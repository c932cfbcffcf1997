import admin from '../../../components/styles/admin.css?inline';

/**
 * The staff area's own styles, after the site's (pages/+Head.tsx). Inline for the same reason as the site's; the
 * CSP names this block's hash too. Public pages carry none of them.
 */
export function AdminStyles() {
  return <style dangerouslySetInnerHTML={{ __html: admin }} />;
}
