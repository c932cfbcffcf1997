import { type ReactNode, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';

/**
 * Puts failed notifications back in the outbox queue and says so: one (`id`), or every failure (no `id`, the
 * dashboard's "Retry all now").
 */
export function RetryButton({ id, children = ADMIN_TEXT.retry }: { id?: string; children?: ReactNode }) {
  const { csrfToken } = usePageContext();
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const url = id ? `/api/admin/outbox/${id}/retry` : '/api/admin/outbox/retry';
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true, message: null });
          try {
            const res = await adminApi<{ message: string }>('POST', url, csrfToken, {});
            setState({ busy: false, message: res.message });
          } catch (err) {
            setState({ busy: false, message: errorMessage(err) });
          }
        }}
      >
        {children}
      </button>
      <span role="status" className="inline-status">
        {state.message}
      </span>
    </>
  );
}
