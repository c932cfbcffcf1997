import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import type { Logger } from '../core/logger.ts';
import { pathOf } from '../core/url-path.ts';

declare module 'http' {
  interface IncomingMessage {
    /** This request's id: sent back as `X-Request-Id` and written in its log lines and error bodies. */
    id: string | number | object;
    /** A logger whose lines carry the request's id, method and path; made when first used. */
    log: Logger;
  }
}

/** What every line about a request says of it: never headers (cookies), bodies or query strings (search terms, tokens). */
export interface RequestFields {
  id: string;
  method: string;
  path: string;
}

export function requestFields(id: string, req: IncomingMessage): RequestFields {
  return { id, method: req.method ?? '', path: pathOf(req.url ?? '') };
}

/** Probes are not worth a line each. */
const UNLOGGED = new Set(['/healthz', '/readyz']);

/**
 * One short line when the response is finished (or the connection closed first): `request completed`, or
 * `request errored` for a 5xx, at info, with the status and the time taken in ms. Nothing is registered, built or
 * serialised when info lines are off (`LOG_LEVEL=warn` and above): the level is checked first.
 */
export function logWhenFinished(logger: Logger, request: RequestFields | string, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info') || UNLOGGED.has(req.url ?? '')) return;
  const fields = typeof request === 'string' ? requestFields(request, req) : request;
  const started = Date.now();
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    const responseTime = Date.now() - started;
    const status = res.statusCode;
    if (status >= 500)
      logger.info({ req: fields, res: { status }, err: new Error(`failed with status code ${status}`), responseTime }, 'request errored');
    else logger.info({ req: fields, res: { status }, responseTime }, 'request completed');
  };
  res.once('finish', done);
  res.once('close', done);
}

const LOG = Symbol('request logger');
const FIELDS = Symbol('request fields');
type LoggedRequest = IncomingMessage & { [LOG]?: Logger; [FIELDS]?: RequestFields };

/**
 * Gives every request an id (`req.id`, the `X-Request-Id` header) and `req.log`, a child logger with the request's
 * fields made the first time something logs through it, and writes the request's line (logWhenFinished). The same
 * lines pino-http wrote, without its per-request child loggers, serialisers and listeners at every level.
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      return (this[LOG] ??= logger.child({ req: this[FIELDS] ?? requestFields(String(this.id), this) }));
    },
    set(this: LoggedRequest, value: Logger) {
      this[LOG] = value;
    },
  });
  return (req, res, next) => {
    const id = randomUUID();
    const fields = requestFields(id, req);
    req.id = id;
    (req as LoggedRequest)[FIELDS] = fields;
    res.setHeader('X-Request-Id', id);
    logWhenFinished(logger, fields, req, res);
    next();
  };
}
