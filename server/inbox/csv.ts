/**
 * CSV cells for spreadsheets: a cell that starts with `=`, `+`, `-`, `@`, a tab, a carriage return or a line
 * feed would be run as a formula by Excel or Sheets (which skip leading spaces and line breaks before `=`), so
 * it gets a leading apostrophe (OWASP "CSV injection"); every cell is quoted as RFC 4180 says.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^\s*[=+\-@]|^[\t\r\n]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: Array<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
