import { ERROR_STATUS, type ErrorCode } from '../shared/messages.ts';

export interface AppErrorOptions {
  details?: unknown;
  headers?: Record<string, string>;
  /** Overrides the code's usual status where HTTP has a more precise one (413 for a body too large). */
  status?: number;
}

/** The one error type the app throws on purpose; its code decides the HTTP status (SPEC.md §8). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.status = options.status ?? ERROR_STATUS[code];
  }
}

/** Maps what Express's body parsers raise for bad client input onto callable errors; undefined for anything else. */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  // Express 5 decodes path parameters and throws URIError on a malformed escape such as `/blog/%E0%A4%A`.
  if (err instanceof URIError) return new AppError('INVALID_ARGUMENT', 'The address is not valid.');
  if (typeof err !== 'object' || err === null) return undefined;
  switch ((err as { type?: string }).type) {
    case 'entity.too.large':
      return new AppError('INVALID_ARGUMENT', 'The request body is too large.', { status: 413 });
    case 'entity.parse.failed':
      return new AppError('INVALID_ARGUMENT', 'The request body is not valid JSON.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('INVALID_ARGUMENT', 'The request body has an unsupported encoding.');
    default:
      return undefined;
  }
}
