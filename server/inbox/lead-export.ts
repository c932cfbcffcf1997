import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import type { Db } from '../../db/database.ts';
import type { VisitSourceColumns } from '../../db/types.ts';
import { findLeads } from '../../db/queries/admin-leads.ts';
import { findAttributions } from '../../db/queries/analytics-reports.ts';
import { listLeadNotes } from '../../db/queries/lead-notes.ts';
import { type LeadFilter, type LeadNote, type LeadSummary, type LeadType, isOutcome } from '../../shared/admin.ts';
import { ANALYTICS_TEXT, sourceLabel } from '../../shared/analytics.ts';
import { type Channel, LEAD_SOURCE_TEXT, campaignText } from '../../shared/lead-source.ts';
import { LEAD_STATUS_LABELS, LEAD_TYPE_LABELS, historyText, leadStatusLabel } from '../../shared/admin-messages.ts';
import { LEAD_WORK_TEXT } from '../../shared/lead-work-texts.ts';
import type { Cursor } from '../../shared/cursor.ts';
import {
  CONTACT_FIELDS,
  type LeadField,
  QUOTE_COLUMN_FIELDS,
  type ServiceNames,
  fieldLabel,
  formatFieldValue,
  serviceName,
} from '../../shared/lead-fields.ts';
import type { StoredLead } from '../../shared/leads.ts';
import { INBOX_MESSAGES } from '../../shared/admin-texts.ts';
import { QUOTE_FIELDS, quoteFieldsFor } from '../../shared/quote-fields.ts';
import { SERVICE_IDS } from '../../shared/services.ts';
import { localDateTime } from '../../shared/zoned-time.ts';
import { exportTarget } from '../audit/audit-details.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import { csvRow } from './csv.ts';
import { countMatching, mergedPage } from './lead-list.ts';

const EXPORT_BATCH = 1000;
const T = INBOX_MESSAGES.csv;

/** Every field either form has, once each, in form order (the quote's first, then the contact form's own). */
const COMMON_FIELDS: readonly LeadField[] = [...QUOTE_COLUMN_FIELDS, ...CONTACT_FIELDS].filter(
  (field, i, all) => all.findIndex((f) => f.name === field.name) === i,
);

/**
 * One column per service answer, named by its label with its unit ("Storage size (TB)"): services that ask the
 * same question ("Number of users") share a column, so a mixed export stays as narrow as the questions are few.
 */
const ANSWER_COLUMNS: readonly string[] = [...new Set(SERVICE_IDS.flatMap((id) => QUOTE_FIELDS[id].map(fieldLabel)))];

type Cell = string | number | null;

/**
 * A value as a spreadsheet should hold it: numbers as numbers (the unit is in the heading), dates as ISO dates a
 * spreadsheet reads as dates, options by label.
 */
function cellOf(field: LeadField, value: unknown, names?: ServiceNames): Cell {
  if (value === undefined || value === null || value === '') return null;
  if (field.name === 'service') return serviceName(String(value), names);
  if (field.kind === 'number' && typeof value === 'number') return value;
  return field.kind === 'date' ? String(value) : formatFieldValue(field, value);
}

/** A quote's service answers by column, and any answer its service no longer asks for as "name: value". */
function answerCells(lead: StoredLead): Cell[] {
  if (lead.type !== 'quote') return [...ANSWER_COLUMNS.map(() => null), null];
  const { service, details } = lead.lead;
  const fields = quoteFieldsFor(service);
  const byColumn = new Map(fields.map((f) => [fieldLabel(f), cellOf(f, details[f.name])]));
  const others = Object.entries(details).filter(([name]) => !fields.some((f) => f.name === name));
  return [
    ...ANSWER_COLUMNS.map((column) => byColumn.get(column) ?? null),
    others.map(([name, value]) => `${name}: ${value}`).join('; ') || null,
  ];
}

function notesCell(notes: readonly LeadNote[], timeZone: string): string {
  return notes
    .map((n) => `${localDateTime(n.createdAt, timeZone)} ${n.author ?? INBOX_MESSAGES.noteAuthorUnknown}: ${historyText(n)}`)
    .join('\n');
}

type Attribution = VisitSourceColumns & { landing_path: string };

/** Where the lead's visit came from, as its page shows it (docs/product.md#analytics); empty when not recorded. */
function sourceCells(source: Attribution | undefined): Cell[] {
  if (!source) return [null, null, null, null];
  const campaign = campaignText({
    utmCampaign: sourceLabel(source.utm_campaign),
    utmSource: sourceLabel(source.utm_source),
    utmMedium: sourceLabel(source.utm_medium),
  });
  return [
    ANALYTICS_TEXT.channels[source.channel as Channel],
    sourceLabel(source.referrer_host) || null,
    campaign || null,
    source.landing_path,
  ];
}

// What every lead has first; each service's own questions after them, since most rows leave those empty.
function header(timeZone: string): string {
  const sourceColumns = [ANALYTICS_TEXT.channel, ANALYTICS_TEXT.source, ANALYTICS_TEXT.campaign, LEAD_SOURCE_TEXT.landingPage];
  return csvRow([
    T.type,
    T.received(timeZone),
    T.status,
    LEAD_WORK_TEXT.assignedTo,
    LEAD_WORK_MESSAGES.outcome,
    LEAD_WORK_TEXT.value,
    LEAD_WORK_TEXT.followUpOn,
    ...COMMON_FIELDS.map(fieldLabel),
    ...sourceColumns,
    T.notes,
    T.sent,
    T.id,
    ...ANSWER_COLUMNS,
    T.otherAnswers,
  ]);
}

function leadRow(
  summary: LeadSummary,
  lead: StoredLead,
  notes: readonly LeadNote[],
  source: Attribution | undefined,
  timeZone: string,
  names: ServiceNames,
): string {
  const values: Record<string, unknown> = { ...lead.lead };
  return csvRow([
    LEAD_TYPE_LABELS[summary.type],
    localDateTime(summary.createdAt, timeZone),
    leadStatusLabel(summary),
    summary.assignee?.name ?? null,
    isOutcome(summary.status) ? LEAD_STATUS_LABELS[summary.status] : null,
    summary.wonValue,
    summary.followUpOn,
    ...COMMON_FIELDS.map((f) => cellOf(f, values[f.name], names)),
    ...sourceCells(source),
    notesCell(notes, timeZone),
    lead.lead.submittedAt ? localDateTime(lead.lead.submittedAt, timeZone) : null,
    summary.id,
    ...answerCells(lead),
  ]);
}

/** One batch of the list as CSV rows: each lead read whole, with its notes, in the list's order. */
async function batchRows(db: Db, summaries: readonly LeadSummary[], timeZone: string, names: ServiceNames): Promise<string> {
  const types: LeadType[] = ['quote', 'contact'];
  const read = await Promise.all(
    types.map(async (type) => {
      const ids = summaries.filter((s) => s.type === type).map((s) => s.id);
      const [leads, notes, sources] = await Promise.all([
        findLeads(db, type, ids),
        listLeadNotes(db, type, ids),
        findAttributions(db, type, ids),
      ]);
      return { type, leads, notes, sources };
    }),
  );
  const key = (type: string, id: string) => `${type}:${id}`;
  const leads = new Map(read.flatMap((r) => r.leads.map((l) => [key(l.type, l.lead.id), l] as const)));
  const notes = new Map<string, LeadNote[]>();
  for (const r of read) for (const n of r.notes) notes.set(key(r.type, n.leadId), [...(notes.get(key(r.type, n.leadId)) ?? []), n]);
  const sources = new Map(read.flatMap((r) => [...r.sources].map(([id, source]) => [key(r.type, id), source] as const)));
  return summaries
    .map((s) => {
      const lead = leads.get(key(s.type, s.id));
      // Deleted between the list and this read: nothing left to export.
      return lead ? leadRow(s, lead, notes.get(key(s.type, s.id)) ?? [], sources.get(key(s.type, s.id)), timeZone, names) : '';
    })
    .join('');
}

/**
 * The filtered list as CSV with every field of each lead, times in the company's time zone (named in the
 * headings), streamed in batches so a large export never sits in memory. The export is audited before its first
 * row leaves, with how many leads the filter matched then and the filter. Services are named as they are now (`names`).
 */
export async function* exportLeadsCsv(
  db: Db,
  actor: Actor,
  filter: LeadFilter,
  timeZone: string,
  names: ServiceNames = {},
): AsyncGenerator<string> {
  await recordAudit(db, actor, 'leads.exported', exportTarget(await countMatching(db, filter, timeZone), filter));
  yield header(timeZone);
  let after: Cursor | null = null;
  for (;;) {
    const { items, next } = await mergedPage(db, filter, timeZone, EXPORT_BATCH, after);
    yield await batchRows(db, items, timeZone, names);
    if (!next) return;
    after = next;
  }
}
