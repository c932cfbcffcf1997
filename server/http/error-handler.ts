import type { ErrorRequestHandler, RequestHandler } from 'express';
import { toAppError } from '../core/errors.ts';
import { API_MESSAGES } from '../../shared/messages.ts';

/** Unmatched JSON routes answer in the callable error shape, never with an HTML page. */
export const jsonNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: { status: 'NOT_FOUND', message: API_MESSAGES.noSuchEndpoint, requestId: String(req.id) } });
};

/**
 * The one place errors become responses: AppErrors keep their code, anything unexpected becomes INTERNAL
 * with no stack or detail, and is logged with the request id.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  if (!appError) req.log.error({ err }, 'unhandled error');
  else if (appError.cause !== undefined) req.log.error({ err: appError.cause }, appError.message);
  else if (appError.status >= 500) req.log.warn({ err }, appError.message);
  const status = appError?.status ?? 500;
  const body = appError
    ? { status: appError.code, message: appError.message, ...(appError.details ? { details: appError.details } : {}) }
    : { status: 'INTERNAL', message: API_MESSAGES.internal };
  if (res.headersSent) return void res.end();
  for (const [name, value] of Object.entries(appError?.headers ?? {})) res.setHeader(name, value);
  const wantsHtml = req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
  if (wantsHtml) {
    res.status(status).type('text/plain').send(`${status} ${body.message}\n${API_MESSAGES.requestId(String(req.id))}`);
    return;
  }
  res.status(status).json({ error: { ...body, requestId: String(req.id) } });
};
