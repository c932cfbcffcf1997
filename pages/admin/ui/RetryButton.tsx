import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from './api.ts';

/** Puts a failed notification back in the outbox queue and says so. */
export function RetryButton({ id }: { id: string }) {
  const { csrfToken } = usePageContext();
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true, message: null });
          try {
            const res = await adminApi<{ message: string }>('POST', `/api/admin/outbox/${id}/retry`, csrfToken, {});
            setState({ busy: false, message: res.message });
          } catch (err) {
            setState({ busy: false, message: errorMessage(err) });
          }
        }}
      >
        Retry
      </button>
      <span role="status" className="inline-status">
        {state.message}
      </span>
    </>
  );
}
