import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/** JSON lines in production (one per event, with the request id), readable lines in development. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const pretty = config.NODE_ENV === 'development' && process.stdout.isTTY;
  return pino({
    level: config.LOG_LEVEL,
    // Personal data never reaches the logs, whatever a caller passes.
    redact: {
      paths: ['email', '*.email', 'password', '*.password', 'data', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  });
}
