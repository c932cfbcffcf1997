import { usePageContext } from 'vike-react/usePageContext';
import { SCRIPT_REQUIRED } from '../../shared/messages.ts';

/**
 * Tells a visitor without JavaScript what the form needs, before they type (`<noscript>`), and says plainly that
 * nothing was sent when they posted it anyway (`wasPosted`: the server sends them back with `?script=required`).
 */
export function ScriptRequired({ wasPosted }: { wasPosted: boolean }) {
  const { email } = usePageContext().settings;
  return (
    <>
      {wasPosted && (
        <p role="alert" className="form-status form-status-warning">
          {SCRIPT_REQUIRED.notSent(email)}
        </p>
      )}
      <noscript>
        <p className="form-status form-status-warning">{SCRIPT_REQUIRED.notice(email)}</p>
      </noscript>
    </>
  );
}
