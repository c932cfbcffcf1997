import { FIELD_MESSAGES } from './messages.ts';
import { formatCalendarDate } from './dates.ts';
import { formatWholeNumber } from './numbers.ts';
import { BUDGETS, COMPANY_SIZES, OTHER_SERVICE, OTHER_SERVICE_LABEL, TIMELINES } from './options.ts';
import { SERVICE_IDS, type ServiceId, getService } from './services.ts';
import type { ServiceLabels } from './site-words.ts';

/**
 * The lead-field catalogue: every field a visitor fills in on the contact form and the quote wizard, once. The zod
 * schemas (shared/schemas/), both forms, the notification e-mails, the admin's lead page and the CSV export all
 * read a field's name, label (docs/product.md#contact, docs/product.md#quote-details), kind, limits and stored
 * column from here. Each service's own step-3 fields are in quote-fields.ts, built from the same types.
 */

interface FieldBase {
  name: string;
  label: string;
  required: boolean;
  /** A short explanation shown under the field. */
  hint?: string;
  /** The browser's autofill token (HTML `autocomplete`). */
  autoComplete?: string;
  /** The column it is stored in; service-specific fields have none (they live in the quote's `details`). */
  column?: string;
}
export interface TextLeadField extends FieldBase {
  /** `textarea` spans the form's width; the others are single-line inputs of that HTML type. */
  kind: 'text' | 'email' | 'tel' | 'textarea';
  maxLength: number;
}
export interface DateLeadField extends FieldBase {
  kind: 'date';
}
export interface SelectLeadField extends FieldBase {
  kind: 'select';
  options: readonly string[];
  /** How an option reads where it differs from its value ("1-10 employees", a service's name). */
  optionLabel?: (value: string) => string;
  /** The text of the empty first choice. */
  placeholder?: string;
  /** One message for any problem, where the usual "Choose …" ones would not fit (the wizard's service cards). */
  message?: string;
}
export interface NumberLeadField extends FieldBase {
  kind: 'number';
  /** Unit shown beside the label and in e-mails ("TB", "GB", "U"). */
  unit?: string;
  min: number;
  max: number;
}
export type LeadField = TextLeadField | DateLeadField | SelectLeadField | NumberLeadField;

/** What a valid field holds: a number for number fields, text for the rest. */
export type FieldValue<F extends LeadField> = F extends { kind: 'number' } ? number : string;
/** A field's value in a stored lead: optional fields hold null when not given. */
type StoredValue<F extends LeadField> = F extends { required: true } ? FieldValue<F> : FieldValue<F> | null;

/**
 * A lead's values by field name, typed from the catalogue itself: a field added to a list below appears here,
 * in the stored lead's type (shared/leads.ts) and in the table's columns (db/types.ts) with nothing else to edit.
 */
export type FieldValues<Fields extends readonly LeadField[]> = { [F in Fields[number] as F['name']]: StoredValue<F> };
/** The same values by the column each is stored in (fields without a column live elsewhere). */
export type FieldColumns<Fields extends readonly LeadField[]> = {
  [F in Fields[number] as F extends { column: infer C extends string } ? C : never]: StoredValue<F>;
};

/** `values` (a valid submission or a stored lead) by field name; empty or missing optional values become null. */
export function fieldValues<const Fields extends readonly LeadField[]>(
  fields: Fields,
  values: Record<string, unknown>,
): FieldValues<Fields> {
  return Object.fromEntries(
    fields.map((f) => [f.name, values[f.name] === undefined || values[f.name] === '' ? null : values[f.name]]),
  ) as FieldValues<Fields>;
}

/** Values by name to their columns: the row a lead's fields are stored as. */
export function toColumns<const Fields extends readonly LeadField[]>(fields: Fields, values: FieldValues<Fields>): FieldColumns<Fields> {
  const byName = values as Record<string, unknown>;
  return Object.fromEntries(fields.flatMap((f) => (f.column ? [[f.column, byName[f.name] ?? null]] : []))) as FieldColumns<Fields>;
}

/** A stored row's columns back to values by field name. */
export function fromColumns<const Fields extends readonly LeadField[]>(fields: Fields, row: FieldColumns<Fields>): FieldValues<Fields> {
  const byColumn = row as Record<string, unknown>;
  return Object.fromEntries(fields.flatMap((f) => (f.column ? [[f.name, byColumn[f.column] ?? null]] : []))) as FieldValues<Fields>;
}

/** Each service's name in force, by id: as staff last published it (the site-words reader's `serviceNames()`). */
export type ServiceNames = Readonly<Record<string, string>>;

/** Each service's name in force, by id, from the names and taglines every page's context has. */
export function serviceNamesOf(labels: ServiceLabels): Record<ServiceId, string> {
  return Object.fromEntries(SERVICE_IDS.map((id) => [id, labels[id].name])) as Record<ServiceId, string>;
}

/**
 * The service's display name: its name in force from `names` when given (staff may rename a service; its id stays),
 * else the catalogue's, or the raw value for anything unknown (e.g. "other").
 */
export function serviceName(id: string | null | undefined, names?: ServiceNames): string {
  if (!id) return '';
  return names?.[id] || (getService(id)?.name ?? (id === OTHER_SERVICE ? OTHER_SERVICE_LABEL : id));
}

// Each field keeps its literal name, column and `required` (`as const satisfies`), so the types above can read them.
const name = {
  name: 'name',
  label: 'Full Name',
  kind: 'text',
  required: true,
  maxLength: 100,
  autoComplete: 'name',
  column: 'name',
} as const satisfies TextLeadField;
const email = {
  name: 'email',
  label: 'Email',
  kind: 'email',
  required: true,
  maxLength: 254,
  autoComplete: 'email',
  column: 'email',
} as const satisfies TextLeadField;
const company = {
  name: 'company',
  label: 'Company',
  kind: 'text',
  required: false,
  maxLength: 200,
  autoComplete: 'organization',
  column: 'company',
} as const satisfies TextLeadField;
const service = { name: 'service', label: 'Service', kind: 'select', optionLabel: serviceName, column: 'service' } as const;

export const CONTACT_FIELDS = [
  name,
  email,
  company,
  { ...service, required: false, options: [...SERVICE_IDS, OTHER_SERVICE], placeholder: 'Choose a service…' },
  { name: 'message', label: 'Message', kind: 'textarea', required: true, maxLength: 5_000, column: 'message' },
] as const satisfies readonly LeadField[];

/** Step 1 of the wizard: chosen from cards, not a list, but stored and shown like any other field. */
export const QUOTE_SERVICE_FIELD = {
  ...service,
  required: true,
  options: SERVICE_IDS,
  message: FIELD_MESSAGES.chooseService,
} as const satisfies SelectLeadField;

/** Fields both forms ask for whose labels also head the admin's lists of leads. */
export const COMMON_FIELDS = { email, company, service } as const;

/** Step 2 of the wizard: project details. */
export const QUOTE_DETAIL_FIELDS = [
  name,
  email,
  company,
  { name: 'phone', label: 'Phone', kind: 'tel', required: false, maxLength: 40, autoComplete: 'tel', column: 'phone' },
  {
    name: 'companySize',
    label: 'Company size',
    kind: 'select',
    required: false,
    options: COMPANY_SIZES,
    optionLabel: (s) => `${s} employees`,
    column: 'company_size',
  },
  { name: 'budget', label: 'Budget', kind: 'select', required: false, options: BUDGETS, column: 'budget' },
  { name: 'timeline', label: 'Timeline', kind: 'select', required: false, options: TIMELINES, column: 'timeline' },
  { name: 'startDate', label: 'Start date', kind: 'date', required: true, column: 'start_date' },
  { name: 'completionDate', label: 'Completion date', kind: 'date', required: true, column: 'completion_date' },
  {
    name: 'description',
    label: 'Project description',
    kind: 'textarea',
    required: true,
    maxLength: 5_000,
    hint: 'What do you need, and what does success look like?',
    column: 'description',
  },
] as const satisfies readonly LeadField[];

/** A quote's own columns in form order: the service (step 1) and the project details (step 2). */
export const QUOTE_COLUMN_FIELDS = [QUOTE_SERVICE_FIELD, ...QUOTE_DETAIL_FIELDS] as const;

/** The label a person reads for a field, with its unit: "Storage size (TB)". */
export function fieldLabel(field: LeadField): string {
  return field.kind === 'number' && field.unit ? `${field.label} (${field.unit})` : field.label;
}

/** A stored value as a person reads it: grouped numbers with their unit, an option's label, a date in words. */
export function formatFieldValue(field: LeadField, value: unknown): string {
  // A number as stored, or as the form holds it while the visitor types (the wizard's summary).
  if (field.kind === 'number' && (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))) {
    const n = formatWholeNumber(Number(value));
    return field.unit ? `${n} ${field.unit}` : n;
  }
  if (field.kind === 'select' && field.optionLabel && typeof value === 'string') return field.optionLabel(value);
  if (field.kind === 'date' && typeof value === 'string') return formatCalendarDate(value);
  return String(value);
}

export interface LeadLine {
  name: string;
  label: string;
  value: string;
}

/** The fields that hold a value, as labelled lines in form order (`valueOf` reads a record or a row). */
export function fieldLines(fields: readonly LeadField[], valueOf: (field: LeadField) => unknown): LeadLine[] {
  return fields.flatMap((field) => {
    const value = valueOf(field);
    if (value === undefined || value === null || value === '') return [];
    return [{ name: field.name, label: fieldLabel(field), value: formatFieldValue(field, value) }];
  });
}
