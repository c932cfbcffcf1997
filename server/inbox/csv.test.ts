import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  it.each(['=1+1', '+61 2 9999', '-2', '@SUM(A1)', '\tx', '\rx', '\nx', ' =1+1', '\n =1+1', '\u00a0@x'])(
    'neutralises a formula-looking cell %j',
    (cell) => {
      expect(csvCell(cell)).toBe(`"'${cell}"`);
    },
  );

  it('quotes every cell and doubles inner quotes', () => {
    expect(csvRow(['a', 'say "hi", ok', null, 3])).toBe('"a","say ""hi"", ok","","3"\r\n');
  });
});
