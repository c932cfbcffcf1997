import { REQUEST_MESSAGES } from '../shared/messages.ts';
import type { FieldErrors } from '../shared/schemas/fields.ts';

/*
 * The browser's one way to call the server: the public forms' callable functions and the admin JSON API answer
 * errors in the same shape, `{"error": {"status", "message", "details": {"fields": {name: message}}}}`.
 */

/** A refused or failed request: HTTP status (0 when the server was not reached), error code, per-field messages. */
export class RequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;

  constructor(status: number, code: string, message: string, fields: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ErrorBody {
  error?: { status?: string; message?: string; details?: { fields?: FieldErrors } };
}

export interface RequestOptions {
  /** Sent as JSON; a Blob (a file) is sent as it is, with its own type. */
  body?: unknown;
  csrfToken?: string | null;
  /** Makes a retry of the same submission return the first outcome instead of storing it twice. */
  idempotencyKey?: string;
  /** Cancels the request (a search overtaken by a newer one); the caller then ignores the RequestError. */
  signal?: AbortSignal;
}

export async function requestJson<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, csrfToken, idempotencyKey, signal } = options;
  const file = body instanceof Blob;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': file ? body.type || 'application/octet-stream' : 'application/json' }),
        ...(csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : file ? body : JSON.stringify(body),
      signal,
    });
  } catch {
    throw new RequestError(0, 'UNAVAILABLE', REQUEST_MESSAGES.unreachable);
  }
  if (res.status === 204) return undefined as T;
  return answer<T>(res.status, (await res.json().catch(() => null)) as (T & ErrorBody) | null);
}

/** A JSON answer's value, or the RequestError its error body describes (also for the admin's file uploads). */
export function answer<T>(status: number, json: (T & ErrorBody) | null): T {
  if (status >= 200 && status < 300 && json !== null) return json;
  const error = json?.error;
  throw new RequestError(status, error?.status ?? 'INTERNAL', error?.message ?? REQUEST_MESSAGES.failed, error?.details?.fields);
}

/**
 * `POST /functions/{name}` with `{"data": …}` (the callable protocol); resolves with `result`. A result of
 * `{"success": false}` is a failure (docs/product.md#functions: `success` is read), never a success.
 */
export async function callFunction<T>(name: string, data: Record<string, unknown>, options: { idempotencyKey?: string } = {}): Promise<T> {
  const body = await requestJson<{ result?: T & { success?: unknown } }>('POST', `/functions/${name}`, { ...options, body: { data } });
  if (body.result === undefined || body.result === null || body.result.success === false) {
    throw new RequestError(200, 'INTERNAL', REQUEST_MESSAGES.failed);
  }
  return body.result;
}

/** The admin JSON API, with the session's CSRF token on every change. */
export function adminApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  csrfToken: string | null,
  body?: unknown,
): Promise<T> {
  return requestJson<T>(method, url, { body, csrfToken });
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : REQUEST_MESSAGES.failed;
}
