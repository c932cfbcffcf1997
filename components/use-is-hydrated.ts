import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and during hydration, then true: for controls that work one way as plain HTML
 * (a link, an enabled submit button) and another once scripts run, without a hydration mismatch.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
