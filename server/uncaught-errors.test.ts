import { describe, expect, it } from 'vitest';
import { safeError } from './uncaught-errors.ts';

describe('errors as logged', () => {
  it('keep type, message, code and stack, without credentials or the properties a client hangs on them', () => {
    const err = Object.assign(new Error('connect to postgres://site:s3cret-pass@db.internal:5432/site failed'), {
      code: 'ECONNREFUSED',
      client: { connectionParameters: { user: 'site', password: 's3cret-pass', host: 'db.internal' } },
    });
    const safe = safeError(err);
    expect(safe).toMatchObject({
      type: 'Error',
      code: 'ECONNREFUSED',
      message: 'connect to postgres://[redacted]@db.internal:5432/site failed',
    });
    expect(Object.keys(safe).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(JSON.stringify(safe)).not.toContain('s3cret');
    expect(safe.stack).toContain('postgres://[redacted]@db.internal');
  });

  it('say what was thrown when it is not an error', () => {
    expect(safeError('redis://:hunter2@cache:6379 went away')).toEqual({
      type: 'string',
      message: 'redis://[redacted]@cache:6379 went away',
    });
  });
});
