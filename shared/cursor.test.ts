import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

const cursor = { at: '2026-03-10T22:30:00.123Z', id: '0b7c6f1e-2d7a-4c55-9f5e-1a2b3c4d5e6f' };

describe('keyset cursor', () => {
  it('round-trips the time and id exactly', () => {
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[0-9a-z]+\.[0-9a-f-]{36}$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });
  it.each(['', 'abc', 'zz.not-an-id', '1.0b7c6f1e-2d7a-4c55-9f5e-1a2b3c4d5e6f;drop', 'zzzzzzzzzzzz.0b7c6f1e-2d7a-4c55-9f5e-1a2b3c4d5e6f'])(
    'rejects %j',
    (value) => {
      expect(decodeCursor(value)).toBeNull();
    },
  );
});
