/** Date and time in the company's time zone, e.g. "22 Nov 2026, 6:03 pm" (the same words the server writes). */
export { formatDateTime } from '../../../shared/zoned-time.ts';

export function leadHref(type: string, id: string): string {
  return `/admin/leads/${type}/${id}`;
}
