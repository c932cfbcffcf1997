import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../components/request.ts';
import { ANALYTICS_TEXT as T } from '../../../shared/analytics.ts';
import { NoticeBox } from '../ui/Notice.tsx';
import { useFormRequest } from '../ui/use-form-request.ts';

/** The weekly analytics e-mail, opt-in (docs/product.md#analytics): off until the person turns it on. */
export function WeeklySummary({ chosen }: { chosen: boolean }) {
  const { csrfToken } = usePageContext();
  const [enabled, setEnabled] = useState(chosen);
  const { notice, setNotice, busy, run } = useFormRequest();
  return (
    <section aria-labelledby="weekly-heading" className="admin-card">
      <h2 id="weekly-heading">{T.weeklyHeading}</h2>
      <NoticeBox notice={notice} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const res = await adminApi<{ message: string }>('PUT', '/api/admin/account/weekly-summary', csrfToken, { enabled });
            setNotice({ kind: 'success', text: res.message });
          });
        }}
      >
        <div className="checkbox">
          <input id="weekly-summary" type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} aria-describedby="weekly-hint" />
          <label htmlFor="weekly-summary">{T.weeklyLabel}</label>
        </div>
        <p id="weekly-hint" className="hint">
          {T.weeklyHint}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {T.weeklySave}
        </button>
      </form>
    </section>
  );
}
