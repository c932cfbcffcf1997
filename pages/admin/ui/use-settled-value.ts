import { useEffect, useState } from 'react';

/** How long a typed value must stay the same before what depends on it (an image preview's fetch) follows. */
export const SETTLE_MS = 700;

/**
 * `value` once it has stayed the same for `delayMs`, and until then the value before: an image preview fed from a
 * typed address then fetches the address typed, not each half-typed one on the way.
 */
export function useSettledValue<T>(value: T, delayMs = SETTLE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
