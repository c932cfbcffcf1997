import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../shared/admin.ts';

/** Date and time in the company's time zone, e.g. "22 Nov 2026, 6:03 pm". */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function statusLabel(status: LeadStatus): string {
  return LEAD_STATUS_LABELS[status];
}

export function leadHref(type: string, id: string): string {
  return `/admin/leads/${type}/${id}`;
}
