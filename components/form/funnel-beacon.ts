import { BEACON_PATH, type BeaconEvent } from '../../shared/analytics.ts';

/** Steps reported from this page load: each once, however often the visitor goes back and forth. */
const reported = new Set<BeaconEvent>();

/**
 * Tells the site a visitor reached a step of the quote wizard (docs/product.md#analytics): a beacon to the site
 * itself, with the step's name and nothing else, sent even as the page unloads. Nothing happens where the browser
 * has no beacon.
 */
export function reportStep(event: BeaconEvent): void {
  if (reported.has(event) || typeof navigator.sendBeacon !== 'function') return;
  reported.add(event);
  navigator.sendBeacon(BEACON_PATH, new Blob([JSON.stringify({ event })], { type: 'application/json' }));
}
