/**
 * A whole number with Australian digit grouping ("5,000"), as `toLocaleString('en-AU')` writes it. Written out
 * because the form schemas build their messages while a page's script starts, and the first `toLocaleString`
 * call loads the locale's data: about 10 ms of a phone's main thread.
 */
export function formatWholeNumber(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 quote request", "2,000 quote requests": a count with the noun it takes. */
export function counted(n: number, one: string, many: string): string {
  return `${formatWholeNumber(n)} ${n === 1 ? one : many}`;
}

/** Whole Australian dollars as staff read them: "$12,500". */
export function formatAud(dollars: number): string {
  return `$${formatWholeNumber(dollars)}`;
}
