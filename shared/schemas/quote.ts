import * as z from 'zod/mini';
import { QUOTE_DETAIL_FIELDS, QUOTE_SERVICE_FIELD } from '../lead-fields.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { ALL_QUOTE_FIELD_NAMES, QUOTE_FIELDS, quoteFieldsFor } from '../quote-fields.ts';
import { SERVICE_IDS, type ServiceId } from '../services.ts';
import { OPTIONAL_META_FIELDS, SUBMISSION_META_SHAPE, emptyMeansNotGiven, fieldSchema, fieldsShape } from './fields.ts';
import { isCalendarDate } from '../zoned-time.ts';

/*
 * The quote wizard's rules, step by step (docs/product.md#quote), from the lead-field catalogue. The browser
 * checks each step with its own schema; the endpoint checks the whole request with QuoteSchema, built from the
 * same pieces.
 */

/** Step 1: the service. */
export const QuoteServiceSchema = z.object({ service: fieldSchema(QUOTE_SERVICE_FIELD) });

/** Step 2: project details. */
export const QuoteDetailsShape = fieldsShape(QUOTE_DETAIL_FIELDS);

const optionalDetails = new Set<string>([...QUOTE_DETAIL_FIELDS.filter((f) => !f.required).map((f) => f.name), ...OPTIONAL_META_FIELDS]);
const serviceSpecific = new Set(ALL_QUOTE_FIELD_NAMES);

/**
 * Empty optional details are not given; so are the empty fields of the services not chosen (a client that keeps
 * one form state for all ten services sends them all), which are then neither checked nor stored.
 */
const fromClient = emptyMeansNotGiven(
  (key, data) =>
    optionalDetails.has(key) ||
    // The service is read only as text: anything else (even an object that cannot become text) chose none.
    (serviceSpecific.has(key) && !quoteFieldsFor(typeof data.service === 'string' ? data.service : '').some((f) => f.name === key)),
);

/** ISO dates compare correctly as text. */
const datesInOrder = z.refine<Record<string, unknown>>(
  ({ startDate: start, completionDate: end }) =>
    !(typeof start === 'string' && typeof end === 'string' && isCalendarDate(start) && isCalendarDate(end)) || end >= start,
  { message: FIELD_MESSAGES.completionBeforeStart, path: ['completionDate'] },
);

export const QuoteDetailsSchema = z.pipe(fromClient, z.strictObject(QuoteDetailsShape).check(datesInOrder));

function serviceShape(service: ServiceId) {
  return fieldsShape(QUOTE_FIELDS[service]);
}

/** Step 3: every field of the chosen service is required, and no other service's fields are accepted. */
export function serviceFieldsSchema(service: ServiceId) {
  return z.pipe(fromClient, z.strictObject(serviceShape(service)));
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

const [firstBranch, ...otherBranches] = branches as [(typeof branches)[number], ...(typeof branches)[number][]];

/** The `data` of `POST /functions/submitQuote`. */
export const QuoteSchema = z.pipe(
  fromClient,
  z.discriminatedUnion('service', [firstBranch, ...otherBranches], { error: FIELD_MESSAGES.chooseService }),
);

/** A valid quote request: the common fields, plus the chosen service's own fields by name. */
export type Quote = z.output<typeof QuoteSchema>;

/** Splits a valid quote into its common columns and its service-specific `details`. */
export function splitServiceDetails(quote: Quote): Record<string, string | number> {
  const details: Record<string, string | number> = {};
  const answers: Record<string, unknown> = quote;
  for (const field of QUOTE_FIELDS[quote.service]) {
    const value = answers[field.name];
    if (typeof value === 'string' || typeof value === 'number') details[field.name] = value;
  }
  return details;
}
