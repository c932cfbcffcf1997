import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.ts';
import { requestContext } from './request-context.ts';

export type { Logger };

/**
 * JSON lines in production (one per event, with the request id), readable lines in development. Lines go to
 * stdout unless a `destination` is given (tests read them there).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, destination?: DestinationStream): Logger {
  const pretty = !destination && config.NODE_ENV === 'development' && process.stdout.isTTY;
  const options = {
    level: config.LOG_LEVEL,
    // Lines written by services during a request carry its id, like the request's own line (request-log.ts).
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { reqId: context.requestId } : {};
    },
    // Personal data never reaches the logs, whatever a caller passes. PostgreSQL puts the offending values in an
    // error's `detail` ("Key (email)=(…) already exists"), so that goes too.
    redact: {
      paths: ['email', '*.email', 'password', '*.password', 'data', 'err.detail', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
