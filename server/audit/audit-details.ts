import { LEAD_STATUS_FILTERS, LEAD_TYPES, type LeadFilter, type LeadStatusFilter, type LeadType } from '../../shared/admin.ts';

/*
 * The details two kinds of entry keep in their `target` as JSON, so that the log can say them in words: how many
 * leads an export held and which filter chose them, and each changed setting's old and new value. Written and read
 * only here. Entries written before these formats are read in their own shape (an export's bare filter, the
 * changed settings' names).
 */

/** An export's filter as the log keeps it: that there was a search, never its words (they may be an e-mail address). */
export interface ExportedFilter {
  type?: LeadType;
  status?: LeadStatusFilter;
  service?: string;
  from?: string;
  to?: string;
  search?: boolean;
}

export interface ExportDetails {
  /** Null in entries written before the count was kept. */
  count: number | null;
  filter: ExportedFilter;
}

/** One setting that changed, with its values as text (a list's items on one line). */
export interface SettingChange {
  setting: string;
  from: string;
  to: string;
}

/** The changed settings, or, in entries written before the values were kept, only their names. */
export type SettingsDetails = { changes: SettingChange[] } | { names: string[] };

export function exportTarget(count: number, filter: LeadFilter): string {
  return JSON.stringify({ count, filter: exportedFilter({ ...filter }) });
}

export function settingsTarget(changes: SettingChange[]): string {
  return JSON.stringify({ changes });
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function jsonObject(text: string | null): Record<string, unknown> | null {
  try {
    return record(JSON.parse(text ?? ''));
  } catch {
    return null;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filter's known parts, each only when it holds a value the inbox offers (an entry is text, read with care). */
function exportedFilter(value: Record<string, unknown>): ExportedFilter {
  const { type, status, service, from, to, q, search } = value;
  return {
    ...((LEAD_TYPES as readonly unknown[]).includes(type) && { type: type as LeadType }),
    ...((LEAD_STATUS_FILTERS as readonly unknown[]).includes(status) && { status: status as LeadStatusFilter }),
    ...(isText(service) && { service }),
    ...(isDate(from) && { from }),
    ...(isDate(to) && { to }),
    ...((search === true || (typeof q === 'string' && q.trim() !== '')) && { search: true }),
  };
}

export function readExport(target: string | null): ExportDetails | null {
  const value = jsonObject(target);
  if (!value) return null;
  const filter = record(value.filter);
  if (typeof value.count === 'number' && filter) return { count: value.count, filter: exportedFilter(filter) };
  // Before the count was kept, the entry was the inbox filter itself.
  return { count: null, filter: exportedFilter(value) };
}

export function readSettings(target: string | null): SettingsDetails | null {
  const value = jsonObject(target);
  if (value) {
    if (!Array.isArray(value.changes)) return null;
    const changes = (value.changes as unknown[]).filter((c): c is SettingChange => {
      const change = record(c);
      return !!change && ['setting', 'from', 'to'].every((key) => typeof change[key] === 'string');
    });
    return { changes };
  }
  // Before the values were kept: `phone, social`, or `nothing`.
  if (!target || !/^[A-Za-z]+(, [A-Za-z]+)*$/.test(target)) return null;
  return { names: target === 'nothing' ? [] : target.split(', ') };
}
