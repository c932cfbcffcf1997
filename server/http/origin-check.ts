import type { Request, RequestHandler } from 'express';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { AppError } from '../core/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses every state-changing request sent by another site's page (CSRF), before any route runs. Browsers
 * send `Origin` on cross-site POSTs (`Referer` as a fallback); the site's own origin is SITE_URL's or the
 * request's own Host. Callers that send neither (server-to-server, curl) are allowed on the public
 * `/functions` endpoints only, which need no session.
 */
export function originCheck(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  const isOwn = (req: Request, origin: string) => {
    if (origin === siteOrigin) return true;
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === req.get('host');
  };
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const header = req.get('origin') ?? req.get('referer');
    const origin = originOf(header);
    if (header === undefined && (req.path === '/functions' || req.path.startsWith('/functions/'))) return next();
    if (origin && isOwn(req, origin)) return next();
    next(new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.crossOrigin));
  };
}
