import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorBody, toAppError } from '../core/errors.ts';
import { API_MESSAGES } from '../../shared/messages.ts';

/** Unmatched JSON routes answer in the callable error shape, never with an HTML page. */
export const jsonNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('NOT_FOUND', API_MESSAGES.noSuchEndpoint, { requestId: String(req.id) }));
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
  const requestId = String(req.id);
  const { error } = appError
    ? errorBody(appError.code, appError.message, { details: appError.details ?? undefined, requestId })
    : errorBody('INTERNAL', API_MESSAGES.internal, { requestId });
  if (res.headersSent) return void res.end();
  for (const [name, value] of Object.entries(appError?.headers ?? {})) res.setHeader(name, value);
  const wantsHtml = req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
  if (wantsHtml) {
    res
      .status(status)
      .type('text/plain')
      .send(`${status} ${error.message}\n${API_MESSAGES.requestId(requestId)}`);
    return;
  }
  res.status(status).json({ error });
};
