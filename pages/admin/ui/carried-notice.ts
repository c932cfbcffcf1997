import { useSyncExternalStore } from 'react';

/**
 * A success notice said after the page reloads to show what is now stored (docs/product.md#staff): said before the
 * reload it would never be seen. Kept in sessionStorage for the next load of the same page, within a few seconds.
 */
const KEY = 'admin-carried-notice';
const FRESH_MS = 10_000;

interface Carried {
  path: string;
  text: string;
  at: number;
}

/** Reloads the page, which then says `text`. Without sessionStorage (privacy modes) it only reloads. */
export function reloadWithNotice(text: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname, text, at: Date.now() } satisfies Carried));
  } catch {
    // The new state still shows; only its sentence is lost.
  }
  location.reload();
}

/** The notice carried to this load of this page, taken from storage once; null when there is none. */
function takeCarriedNotice(): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const carried = raw ? (JSON.parse(raw) as Carried) : null;
    return carried && carried.path === location.pathname && Date.now() - carried.at < FRESH_MS ? carried.text : null;
  } catch {
    return null;
  }
}

let taken: string | null | undefined;
const noSubscription = () => () => {};

/** The notice this load was carried, after hydration (the server's HTML has none, so hydration matches). */
export function useCarriedNotice(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => (taken === undefined ? (taken = takeCarriedNotice()) : taken),
    () => null,
  );
}
