import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

/** isbot's answer per user agent: a visitor's browser sends the same string on every page. */
const botVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED = 2_000;

/** A user agent no bot list names (an empty one is a script's). */
export function isPersonsBrowser(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && !isBot(userAgent!);
}

function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= MAX_REMEMBERED) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/**
 * Whether a request for a public page is a person's page view (docs/product.md#analytics): a GET that a browser
 * sends to show the page (`Sec-Fetch-Dest: document`, which every current browser sends and scripts, crawlers
 * and `curl` do not), not a prefetch or prerender, from a user agent no bot list names. Whether the answer was a
 * 200 page, and that the visitor is not signed in, the caller knows.
 */
export function isPageView(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET' || headers['sec-fetch-dest'] !== 'document') return false;
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-moz'];
  if (typeof purpose === 'string' && /prefetch|prerender/i.test(purpose)) return false;
  return isPersonsBrowser(headers['user-agent']);
}

/** Global Privacy Control: the visit is counted but never linked to a lead. */
export function sendsGpc(headers: IncomingHttpHeaders): boolean {
  return headers['sec-gpc'] === '1';
}
