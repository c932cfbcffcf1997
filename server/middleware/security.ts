import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * 128 random bits per response, base64url. They are cut from a buffer filled 4 KB at a time: asking the system's
 * generator once per response cost 3% of a busy server's CPU (tests/bench/submit-quote.ts). crypto.randomUUID pools
 * the same way.
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString('base64url', nonceOffset - NONCE_BYTES, nonceOffset);
}

/**
 * Security headers. Scripts run only from our own origin or with this response's nonce (Vike stamps it on
 * the scripts it injects), never inline; the page may not be framed.
 */
/** Third-party origins a configured feature needs (the reCAPTCHA or Turnstile script and frame). */
export interface CspAdditions {
  script?: string[];
  frame?: string[];
}

export function securityHeaders(production: boolean, extra: CspAdditions = {}): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Development needs Vite's inline HMR preamble and its websocket.
        'script-src': production
          ? ["'self'", (_req, res) => `'nonce-${(res as unknown as Response).locals.cspNonce as string}'`, ...(extra.script ?? [])]
          : ["'self'", "'unsafe-inline'", ...(extra.script ?? [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'"],
        'connect-src': production ? ["'self'"] : ["'self'", 'ws:'],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(extra.frame?.length ? { 'frame-src': ["'self'", ...extra.frame] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    next();
  };
  return [nonce, headers, permissions];
}
