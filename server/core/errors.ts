import type * as z from 'zod/mini';
import { API_MESSAGES, ERROR_STATUS, type ErrorCode } from '../../shared/messages.ts';
import { type FieldErrors, fieldErrors } from '../../shared/schemas/fields.ts';

export interface AppErrorOptions {
  details?: unknown;
  headers?: Record<string, string>;
  /** Overrides the code's usual status where HTTP has a more precise one (413 for a body too large). */
  status?: number;
  /** What went wrong underneath (logged, never shown). */
  cause?: unknown;
}

/** The one error type the app throws on purpose; its code decides the HTTP status (docs/product.md#errors). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.status = options.status ?? ERROR_STATUS[code];
  }
}

/**
 * A request refused for its fields, in the one shape the public functions and the admin API share:
 * `details.fields` holds one message per field, shown beside it. Takes zod's error or the messages themselves.
 */
/** The body of every JSON error answer, whoever writes it: the error middleware, the 404 of the API, a draining server. */
export function errorBody(code: ErrorCode, message: string, extra: { details?: unknown; requestId?: string } = {}) {
  const { details, requestId } = extra;
  return { error: { status: code, message, ...(details === undefined ? {} : { details }), ...(requestId ? { requestId } : {}) } };
}

export function invalidFields(message: string, fields: FieldErrors | z.core.$ZodError): AppError {
  return new AppError('INVALID_ARGUMENT', message, { details: { fields: fields instanceof Error ? fieldErrors(fields) : fields } });
}

/** Maps what Express's body parsers raise for bad client input onto callable errors; undefined for anything else. */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  // Express 5 decodes path parameters and throws URIError on a malformed escape such as `/blog/%E0%A4%A`.
  if (err instanceof URIError) return new AppError('INVALID_ARGUMENT', API_MESSAGES.addressInvalid);
  if (typeof err !== 'object' || err === null) return undefined;
  switch ((err as { type?: string }).type) {
    case 'entity.too.large':
      // The original brief mapped 413 to no code (docs/product.md#errors): RESOURCE_EXHAUSTED is gRPC's for a
      // message over the size limit.
      return new AppError('RESOURCE_EXHAUSTED', API_MESSAGES.bodyTooLarge, { status: 413 });
    case 'entity.parse.failed':
      return new AppError('INVALID_ARGUMENT', API_MESSAGES.bodyNotJson);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('INVALID_ARGUMENT', API_MESSAGES.bodyEncoding, { status: 415 });
    default:
      return undefined;
  }
}
