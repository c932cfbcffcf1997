import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../messages.ts';
import { BUDGETS, COMPANY_SIZES, TIMELINES } from '../options.ts';
import { QUOTE_FIELDS, type QuoteField, fieldLabel } from '../quote-fields.ts';
import { SERVICE_IDS, type ServiceId } from '../services.ts';
import {
  SUBMISSION_META_SHAPE,
  type SubmissionMeta,
  dateField,
  emailField,
  isCalendarDate,
  optionalText,
  phoneField,
  requiredText,
  selectField,
  wholeNumber,
} from './fields.ts';

/*
 * The quote wizard's rules, step by step (SPEC.md §5). The browser checks each step with its own schema;
 * the endpoint checks the whole request with QuoteSchema, which is built from the same pieces.
 */

/** Step 1: the service. */
export const QuoteServiceShape = {
  service: z.enum(SERVICE_IDS, { error: FIELD_MESSAGES.chooseService }),
};

/** Step 2: project details. */
export const QuoteDetailsShape = {
  name: requiredText('Full name', 100),
  email: emailField(),
  company: optionalText('Company', 200),
  phone: phoneField(),
  companySize: z.nullish(selectField('Company size', COMPANY_SIZES)),
  budget: z.nullish(selectField('Budget', BUDGETS)),
  timeline: z.nullish(selectField('Timeline', TIMELINES)),
  startDate: dateField('Start date'),
  completionDate: dateField('Completion date'),
  description: requiredText('Project description', 5_000),
};

/** ISO dates compare correctly as text. */
const datesInOrder = z.refine<{ startDate: string; completionDate: string }>(
  (v) => !(isCalendarDate(v.startDate) && isCalendarDate(v.completionDate)) || v.completionDate >= v.startDate,
  { message: FIELD_MESSAGES.completionBeforeStart, path: ['completionDate'] },
);

export const QuoteDetailsSchema = z.strictObject(QuoteDetailsShape).check(datesInOrder);

function fieldSchema(field: QuoteField) {
  const label = fieldLabel(field);
  switch (field.kind) {
    case 'select':
      return selectField(label, field.options as [string, ...string[]]);
    case 'number':
      return wholeNumber(label, field.min, field.max);
    case 'text':
      return requiredText(label, field.maxLength);
  }
}

function serviceShape(service: ServiceId) {
  return Object.fromEntries(QUOTE_FIELDS[service].map((f) => [f.name, fieldSchema(f)]));
}

/** Step 3: every field of the chosen service is required, and no other service's fields are accepted. */
export function serviceFieldsSchema(service: ServiceId) {
  return z.strictObject(serviceShape(service));
}

const branches = SERVICE_IDS.map((service) =>
  z
    .strictObject({
      service: z.literal(service),
      ...QuoteDetailsShape,
      ...serviceShape(service),
      ...SUBMISSION_META_SHAPE,
    })
    .check(datesInOrder),
);

/** The `data` of `POST /functions/submitQuote`. */
export const QuoteSchema = z.discriminatedUnion(
  'service',
  branches as unknown as [(typeof branches)[number], ...(typeof branches)[number][]],
  { error: FIELD_MESSAGES.chooseService },
);

/** A valid quote request: the common fields, plus the chosen service's own fields by name. */
export type Quote = { service: ServiceId } & z.infer<typeof QuoteDetailsSchema> & SubmissionMeta & {
  [field: string]: unknown;
};

/** Splits a valid quote into its common columns and its service-specific `details`. */
export function splitServiceDetails(quote: Quote): Record<string, string | number> {
  const details: Record<string, string | number> = {};
  for (const field of QUOTE_FIELDS[quote.service]) {
    const value = quote[field.name];
    if (typeof value === 'string' || typeof value === 'number') details[field.name] = value;
  }
  return details;
}
