import { REDIRECT_MESSAGES } from './redirect-messages.ts';
import { RESERVED_ADDRESSES } from './site-words.ts';

/**
 * Redirects (docs/product.md#redirects): the one home of how an old address is written (`normaliseRedirectPath`)
 * and of when a redirect is refused (`redirectRefusal`). The admin's form, the server, the CSV import and the
 * WordPress/Ghost importer all call these.
 */
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const REDIRECT_ORIGINS = ['staff', 'import', 'blog'] as const;
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number];

export const REDIRECT_FROM_MAX = 500;
export const REDIRECT_TO_MAX = 2000;

/** A redirect as the manager lists it. Blog rows are the posts' old slugs, answered by the blog and read-only here. */
export interface Redirect {
  id: string;
  from: string;
  to: string;
  status: RedirectStatus;
  origin: RedirectOrigin;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
}

/** The WordPress permalinks that live in the query string (`/?p=123`, `/?page_id=45`): the only query a `from` keeps. */
const WORDPRESS_QUERY = /^(p|page_id)=(\d{1,12})$/;
/** Characters a decoded path must keep escaped: they would change what the path means. */
const KEEP_ESCAPED = new Set(['/', '?', '#', '%']);

/** Percent-escapes decoded where they spell UTF-8 text (`/caf%C3%A9` → `/café`); `%2F`, `%3F`, `%23`, `%25` and broken ones kept, in capitals. */
function decodeEscapes(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    let text: string;
    try {
      text = decodeURIComponent(run);
    } catch {
      return run.toUpperCase();
    }
    return [...text].map((ch) => (KEEP_ESCAPED.has(ch) ? encodeURIComponent(ch) : ch)).join('');
  });
}

/**
 * An old address as it is stored and looked up: the path with its case kept, percent-escapes decoded as above, a
 * trailing slash dropped (but `/` itself), no fragment, and no query unless it is the WordPress form `p=123` or
 * `page_id=123` (kept alone, whatever else the URL carried). The same function reads a request's URL, so
 * `/Old-Post/?utm_source=x` finds the redirect stored as `/Old-Post`.
 */
export function normaliseRedirectPath(url: string): string {
  const hashAt = url.indexOf('#');
  const whole = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = whole.indexOf('?');
  let path = decodeEscapes(queryAt === -1 ? whole : whole.slice(0, queryAt));
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  if (queryAt === -1) return path;
  const kept = whole
    .slice(queryAt + 1)
    .split('&')
    .find((part) => WORDPRESS_QUERY.test(part));
  return kept ? `${path}?${kept}` : path;
}

/** The query string a request's URL carried beyond what its normalised address kept (campaign tags and the like). */
export function extraQuery(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return '';
  const hashAt = url.indexOf('#', queryAt);
  const parts = url
    .slice(queryAt + 1, hashAt === -1 ? undefined : hashAt)
    .split('&')
    .filter((part) => part && !WORDPRESS_QUERY.test(part));
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Whether a target is an absolute http(s) URL (else it is a path of this site). */
export function isAbsoluteTarget(to: string): boolean {
  return /^https?:\/\//i.test(to);
}

/**
 * Where a redirect sends a request: the target, and for a path target without a query of its own the request's
 * other query parameters (so `?utm_source=…` survives). An absolute URL, or a target with its own query, is sent
 * as it is: the other site's parameters are its own business.
 */
export function redirectLocation(to: string, requestUrl: string): string {
  if (isAbsoluteTarget(to) || to.includes('?')) return to;
  const extra = extraQuery(requestUrl);
  if (!extra) return to;
  const hashAt = to.indexOf('#');
  return hashAt === -1 ? `${to}${extra}` : `${to.slice(0, hashAt)}${extra}${to.slice(hashAt)}`;
}

/**
 * Paths the site answers itself, whole areas: a redirect cannot take over any address under them (the admin, the
 * APIs, media, health and metrics). Case is ignored, as the routes ignore it.
 */
export const SITE_AREAS = ['/admin', '/api', '/functions', '/media', '/images', '/assets', '/preview', '/healthz', '/readyz', '/metrics'];
/** The site's own pages and files, one address each (the addresses a new page cannot take, and the feeds). */
const SITE_PAGES: ReadonlySet<string> = new Set([
  '/',
  ...[...RESERVED_ADDRESSES].map((address) => `/${address}`),
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.ico',
]);

/** What the refusal needs to know of the site: the other redirects and the addresses that answer now. */
export interface RedirectFacts {
  /** Every other redirect (the one being edited left out), by normalised old address: its target. */
  redirects: ReadonlyMap<string, string>;
  /** The addresses of live posts and pages (`/blog/slug`, `/address`): published, or scheduled to be. */
  livePaths: ReadonlySet<string>;
}

export interface RedirectRefusal {
  field: 'from' | 'to';
  message: string;
}

/** A path of this site as a `from` or a path `to` may be: starts with one `/`, no spaces or control characters. */
function isSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith('/') && !value.startsWith('//') && !/[\s\u0000-\u001f\u007f\\]/.test(value);
}

function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The site's own address a `from` would hide, in the words of the refusal; null when it hides nothing of the site. */
function shadowed(from: string, facts: RedirectFacts): string | null {
  const path = from.split('?')[0]!;
  const lower = path.toLowerCase();
  const area = SITE_AREAS.find((a) => lower === a || lower.startsWith(`${a}/`));
  if (area) return REDIRECT_MESSAGES.shadowsArea(area);
  // `/?p=123` is an old WordPress address, not the home page.
  if (SITE_PAGES.has(lower) && !from.includes('?')) return REDIRECT_MESSAGES.shadowsPage(path);
  if (facts.livePaths.has(path)) return REDIRECT_MESSAGES.shadowsLive(path);
  return null;
}

/**
 * Why this redirect cannot be saved, in words for the field at fault; null when it can. `from` and `to` as typed
 * (trimmed): `from` is normalised here. Refused: an empty or malformed address, one too long, a `from` under the
 * site's own areas or on one of its pages or a live post or page, a loop (back to itself, or through another
 * redirect), and a chain either way (its target redirects on, or another redirect leads to its `from`): every old
 * address reaches its page in one step.
 */
export function redirectRefusal(fromTyped: string, toTyped: string, facts: RedirectFacts): RedirectRefusal | null {
  const fromRaw = fromTyped.trim();
  const to = toTyped.trim();
  if (!fromRaw) return { field: 'from', message: REDIRECT_MESSAGES.fromRequired };
  if (fromRaw.length > REDIRECT_FROM_MAX) return { field: 'from', message: REDIRECT_MESSAGES.fromTooLong(REDIRECT_FROM_MAX) };
  if (!isSitePath(fromRaw)) return { field: 'from', message: REDIRECT_MESSAGES.fromNotPath };
  const from = normaliseRedirectPath(fromRaw);
  const shadow = shadowed(from, facts);
  if (shadow) return { field: 'from', message: shadow };
  if (!to) return { field: 'to', message: REDIRECT_MESSAGES.toRequired };
  if (to.length > REDIRECT_TO_MAX) return { field: 'to', message: REDIRECT_MESSAGES.toTooLong(REDIRECT_TO_MAX) };
  const absolute = isAbsoluteTarget(to);
  if (absolute ? !isValidUrl(to) : !isSitePath(to)) return { field: 'to', message: REDIRECT_MESSAGES.toNotTarget };
  const target = absolute ? null : normaliseRedirectPath(to);
  if (target === from) return { field: 'to', message: REDIRECT_MESSAGES.loopsToItself };
  const next = target === null ? undefined : facts.redirects.get(target);
  if (target !== null && next !== undefined) {
    return pathTarget(next) === from
      ? { field: 'to', message: REDIRECT_MESSAGES.loops(target) }
      : { field: 'to', message: REDIRECT_MESSAGES.chain(target, next) };
  }
  for (const [other, otherTo] of facts.redirects) {
    if (pathTarget(otherTo) === from) return { field: 'from', message: REDIRECT_MESSAGES.chainedFrom(other) };
  }
  return null;
}

/** A target as an old address would be written, when it is a path of this site; null for an absolute URL. */
function pathTarget(to: string): string | null {
  return isAbsoluteTarget(to) ? null : normaliseRedirectPath(to);
}
