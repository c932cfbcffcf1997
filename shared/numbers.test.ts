import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from './numbers.ts';

describe('formatWholeNumber', () => {
  it('groups digits in threes, as en-AU does', () => {
    expect(formatWholeNumber(0)).toBe('0');
    expect(formatWholeNumber(999)).toBe('999');
    expect(formatWholeNumber(5000)).toBe('5,000');
    expect(formatWholeNumber(1234567)).toBe('1,234,567');
    expect(formatWholeNumber(-25000)).toBe('-25,000');
  });

  it('writes every whole number the way the en-AU locale does', () => {
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1000000, 99999999, 2 ** 31, Number.MAX_SAFE_INTEGER, -1001]) {
      expect(formatWholeNumber(n)).toBe(n.toLocaleString('en-AU'));
    }
  });
});
