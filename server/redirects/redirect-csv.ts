import { csvRow } from '../inbox/csv.ts';
import type { Redirect } from '../../shared/redirects.ts';

/** The header of the redirects' CSV, export and import alike (docs/product.md#redirects). */
export const REDIRECT_CSV_HEADER = ['from', 'to', 'status'] as const;

/** Every redirect as CSV: the header, then one row each. */
export function redirectsCsv(redirects: Redirect[]): string {
  return csvRow([...REDIRECT_CSV_HEADER]) + redirects.map((r) => csvRow([r.from, r.to, r.status])).join('');
}

/** A CSV record and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Records of a CSV text as RFC 4180 writes them: cells separated by commas, quoted cells with `""` for a quote and
 * line breaks inside, lines ended by CRLF or LF; a byte-order mark and blank lines ignored. An unclosed quote ends
 * the text (its record is kept as read).
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: startLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      startLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) endRecord();
  return records;
}
