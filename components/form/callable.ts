/** A failed function call, with the callable error's code, HTTP status and per-field messages. */
export class CallableError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** `POST /functions/{name}` with `{"data": …}` (the callable protocol); resolves with `result`. */
export async function callFunction<T>(name: string, data: Record<string, unknown>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/functions/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ data }),
    });
  } catch {
    throw new CallableError(0, 'UNAVAILABLE', 'network error');
  }
  const body = (await res.json().catch(() => null)) as {
    result?: T;
    error?: { status?: string; message?: string; details?: { fields?: Record<string, string> } };
  } | null;
  if (res.ok && body?.result) return body.result;
  const error = body?.error;
  throw new CallableError(res.status, error?.status ?? 'INTERNAL', error?.message ?? `HTTP ${res.status}`, error?.details?.fields ?? {});
}

/** Optional fields left empty are not sent at all, so the server sees exactly what the visitor chose. */
export function withoutEmpty(values: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)) as Record<string, string | number>;
}
