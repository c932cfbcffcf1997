import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  it.each(['=1+1', '+61 2 9999', '-2', '@SUM(A1)', '\tx', '\rx'])('neutralises a formula-looking cell %j', (cell) => {
    expect(csvCell(cell)).toBe(`"'${cell}"`);
  });

  it('quotes every cell and doubles inner quotes', () => {
    expect(csvRow(['a', 'say "hi", ok', null, 3])).toBe('"a","say ""hi"", ok","","3"\r\n');
  });
});
