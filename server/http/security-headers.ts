import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Third-party origins a configured feature needs (the reCAPTCHA or Turnstile script and frame). */
export interface CspAdditions {
  script?: string[];
  frame?: string[];
}

export interface ContentSecurityPolicy {
  /** The policy of every response that is not a page (assets, JSON, feeds): no inline script or style at all. */
  header: string;
  /** A page's policy: the base one plus the hashes of that page's own inline scripts and style blocks. */
  forPage(html: string): string;
}

/**
 * Executable inline scripts (no `src`, no data type such as JSON) and inline style blocks of a rendered page. React
 * writes tags in lower case; anything these miss gets no hash and is refused by the browser (it fails closed).
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const SCRIPT_TYPE = /\btype\s*=\s*["']?([^"'\s>]*)/i;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** Scripts with `src` are covered by 'self'; data blocks (JSON, JSON-LD) are never executed, so need no hash. */
function isInlineCode(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  return EXECUTABLE_TYPES.has((SCRIPT_TYPE.exec(attributes)?.[1] ?? '').toLowerCase());
}

/**
 * A CSP source for an inline element's text, hashed as the browser does (after HTML's newline folding). Every
 * page carries the same ~30 KB stylesheet, so the few distinct texts are hashed once each.
 */
const hashed = new Map<string, string>();
function hashSource(text: string): string {
  let source = hashed.get(text);
  if (!source) {
    const normalised = text.replace(/\r\n?/g, '\n');
    source = `'sha256-${createHash('sha256').update(normalised).digest('base64')}'`;
    if (hashed.size >= 64) hashed.clear();
    hashed.set(text, source);
  }
  return source;
}

function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (isInlineCode(attributes)) scripts.add(hashSource(text));
  }
  for (const [, text = ''] of html.matchAll(INLINE_STYLE)) styles.add(hashSource(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The Content-Security-Policy. In production nothing inline runs or applies unless its SHA-256 is in the header
 * of the page that carries it: the hashes are computed from each rendered page, so a page stored once can be
 * sent as it is, with no per-response nonce to write into it (docs/decisions/008). Development needs Vite's
 * inline HMR preamble, its injected styles and its websocket.
 */
export function contentSecurityPolicy(production: boolean, extra: CspAdditions = {}): ContentSecurityPolicy {
  const directives = (scripts: string[], styles: string[]) =>
    [
      "default-src 'self'",
      `script-src ${["'self'", ...(production ? scripts : ["'unsafe-inline'"]), ...(extra.script ?? [])].join(' ')}`,
      `style-src ${["'self'", ...(production ? styles : ["'unsafe-inline'"])].join(' ')}`,
      "img-src 'self' data: https:",
      "font-src 'self'",
      `connect-src ${production ? "'self'" : "'self' ws:"}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(extra.frame?.length ? [`frame-src ${["'self'", ...extra.frame].join(' ')}`] : []),
    ].join(';');
  const header = directives([], []);
  return {
    header,
    forPage(html) {
      const { scripts, styles } = inlineHashes(html);
      return directives(scripts, styles);
    },
  };
}

/**
 * The headers helmet sets with this site's choices: no CSP of its own (ours is above), HSTS when asked, referrer
 * policy strict-origin-when-cross-origin, frames denied, no Cross-Origin-Embedder-Policy (the sharing images of
 * other sites' posts are not ours to mark). A constant table rather than helmet itself, because the early answer of
 * stored pages (early-hits.ts) sends them before Express, where no middleware runs; security-headers.test.ts runs
 * helmet with these options, as its documentation shows, and checks the table still says what it sends.
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: false,
  strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
} as const;

const HELMET_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Security headers on every response, as [name, value] pairs in the order they are set: the base CSP (page responses
 * then replace it with their own, `forPage`), helmet's and the Permissions-Policy. `hsts`: only in production when
 * the site is served over https (SITE_URL). Sent over http, Strict-Transport-Security is ignored at best, and a site
 * tried on http://localhost must not tell browsers to insist on https for two years. The middleware below and the
 * early answer of stored pages (early-hits.ts) send this same list.
 */
export function securityHeaderList(
  csp: ContentSecurityPolicy,
  production: boolean,
  hsts = false,
): ReadonlyArray<readonly [string, string]> {
  return [
    ['Content-Security-Policy', csp.header],
    ...HELMET_HEADERS.filter(([name]) => name !== 'Strict-Transport-Security' || (production && hsts)),
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ];
}

export function securityHeaders(list: ReadonlyArray<readonly [string, string]>): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}
