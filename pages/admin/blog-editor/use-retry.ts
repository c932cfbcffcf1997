import { useCallback, useEffect, useState } from 'react';
import { RequestError } from '../../../components/request.ts';

/** The longest wait between two tries while the server cannot be reached. */
export const RETRY_MAX_MS = 8000;

/** 1 s after the first failure, then twice as long each time, at most RETRY_MAX_MS. */
export function retryDelay(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

/** A failure worth trying again: the server was not reached (offline), or a gateway or the server said it is busy. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof RequestError && [0, 502, 503, 504].includes(err.status);
}

/**
 * Back-off for a request that failed to reach the server: `attempt` changes each time a retry is due (after each
 * failure, and when the browser comes back online, which starts the back-off afresh), and `delay` is how long to
 * wait before it. The caller's effect depends on `attempt` and tries again after `delay`.
 */
export function useRetry() {
  const [state, setState] = useState({ failures: 0, attempt: 0 });
  useEffect(() => {
    if (!state.failures) return;
    const online = () => setState((s) => ({ failures: 1, attempt: s.attempt + 1 }));
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [state.failures]);
  const failed = useCallback(() => setState((s) => ({ failures: s.failures + 1, attempt: s.attempt + 1 })), []);
  const succeeded = useCallback(() => setState((s) => (s.failures ? { failures: 0, attempt: s.attempt } : s)), []);
  return { failures: state.failures, attempt: state.attempt, delay: retryDelay(state.failures), failed, succeeded };
}
