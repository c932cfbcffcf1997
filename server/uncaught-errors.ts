import type { Logger } from './core/logger.ts';

/** `scheme://user:password@` in any text: what follows the scheme up to the `@` goes. */
const CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
const scrub = (text: string) => text.replace(CREDENTIALS, '$1[redacted]@');

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
}

/**
 * An error as it may be logged: its type, message, code and stack, with credentials taken out of connection
 * strings, and nothing else it carries (a database client hangs its connection parameters, password included,
 * on some errors).
 */
export function safeError(err: unknown): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err)) };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: scrub(err.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(err.stack ? { stack: scrub(err.stack) } : {}),
  };
}

/**
 * Uncaught exceptions and unhandled rejections go to the JSON log as one line each. Vike installs handlers that
 * print them with console.error instead: multi-line text inside the JSON log, with every property of the error.
 * Like Vike's, these keep the process serving: one failed background task must not take the site down.
 * Call after the renderer is loaded (Vike installs its handlers when it loads).
 */
export function routeUncaughtErrors(logger: Logger): void {
  const events = { uncaughtException: 'uncaught exception', unhandledRejection: 'unhandled promise rejection' } as const;
  for (const [event, message] of Object.entries(events) as Array<[keyof typeof events, string]>) {
    process.removeAllListeners(event);
    process.on(event, (err: unknown) => logger.error({ err: safeError(err) }, message));
  }
}
