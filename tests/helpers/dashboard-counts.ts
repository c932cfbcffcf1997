/** The number a dashboard count card shows for a label. */
export function countOf(html: string, label: string): number {
  const match = new RegExp(`${label}</a></dt><dd>([\\d,]+)</dd>`).exec(html);
  if (!match) throw new Error(`no count for ${label}`);
  return Number(match[1]!.replace(/,/g, ''));
}
