import { useMemo, useRef } from 'react';

/** 128 random bits as hex; `crypto.getRandomValues` works on plain HTTP too, where `randomUUID` does not. */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of one submission. Retries of the same values (after a timeout or a lost answer) send
 * the same key, so the server returns the first outcome instead of storing the lead twice; changed values or a
 * success start a new submission with a new key.
 */
export function useSubmissionKey() {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      get: () => (key.current ??= newKey()),
      renew: () => {
        key.current = null;
      },
    }),
    [],
  );
}
