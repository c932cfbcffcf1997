import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

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
 * Security headers on every response; page responses then replace the CSP with their own (`forPage`). `hsts`:
 * only when the site is served over https (SITE_URL). Sent over http, Strict-Transport-Security is ignored at
 * best, and a site tried on http://localhost must not tell browsers to insist on https for two years.
 */
export function securityHeaders(csp: ContentSecurityPolicy, production: boolean, hsts = false): RequestHandler[] {
  const policy: RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp.header);
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: production && hsts ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    next();
  };
  return [policy, headers, permissions];
}
