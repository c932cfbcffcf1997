import * as z from 'zod/mini';
import { type FieldValue, type LeadField, fieldLabel } from '../lead-fields.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { isCalendarDate } from '../zoned-time.ts';

/*
 * Field builders shared by the lead schemas. zod/mini keeps the browser bundle small (a few KB instead of
 * the classic API's much larger bundle); the rules are the same zod 4 rules on both sides.
 * Text is validated but never rewritten: it is stored exactly as typed and escaped wherever it is shown.
 */

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

export function requiredText(label: string, max: number) {
  return z.string({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.invalid) }).check(
    z.refine((v) => v.trim().length > 0, FIELD_MESSAGES.required(label)),
    z.maxLength(max, FIELD_MESSAGES.tooLong(label, max)),
  );
}

export function optionalText(label: string, max: number) {
  return z.nullish(z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(max, FIELD_MESSAGES.tooLong(label, max))));
}

export function emailField(label: string, max: number) {
  return z
    .email({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.email) })
    .check(z.maxLength(max, FIELD_MESSAGES.tooLong(label, max)));
}

/** `message`, when given, answers every problem (a missing choice and an unknown one alike). */
export function selectField<const T extends readonly [string, ...string[]]>(label: string, options: T, message?: string) {
  return z.enum(options, {
    error: (iss) => message ?? (isMissing(iss.input) ? FIELD_MESSAGES.choose(label) : FIELD_MESSAGES.option(label)),
  });
}

/** A number input's value arrives as text ("12"): written as a plain decimal, it is taken as that number. */
const numberFromText = z.transform((value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
);

export function wholeNumber(label: string, min: number, max: number) {
  const message = FIELD_MESSAGES.wholeNumber(label, min, max);
  return z.pipe(
    numberFromText,
    z
      .int({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : message) })
      .check(z.minimum(min, message), z.maximum(max, message)),
  );
}

export function dateField(label: string) {
  return z.string({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.date(label)) }).check(
    z.refine((v) => v !== '', FIELD_MESSAGES.required(label)),
    z.refine((v) => v === '' || isCalendarDate(v), FIELD_MESSAGES.date(label)),
  );
}

export function phoneField(label: string, max: number) {
  return z.nullish(
    z.string({ error: FIELD_MESSAGES.phone }).check(
      z.maxLength(max, FIELD_MESSAGES.tooLong(label, max)),
      z.refine((v) => v === '' || (/^[+()\d\s.-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6), FIELD_MESSAGES.phone),
    ),
  );
}

/** The rule for one catalogue field; optional fields also take null (and, via `emptyMeansNotGiven`, ''). */
export function fieldSchema(field: LeadField) {
  const label = fieldLabel(field);
  const rule = (() => {
    switch (field.kind) {
      case 'text':
      case 'textarea':
        return field.required ? requiredText(label, field.maxLength) : optionalText(label, field.maxLength);
      case 'email':
        return emailField(label, field.maxLength);
      case 'tel':
        return phoneField(label, field.maxLength);
      case 'date':
        return dateField(label);
      case 'select':
        return selectField(label, field.options as [string, ...string[]], field.message);
      case 'number':
        return wholeNumber(label, field.min, field.max);
    }
  })();
  return field.required ? rule : z.nullish(rule);
}

/** A field's rule as its type reads: the catalogue's value, or also nothing when the field is optional. */
type FieldRule<F extends LeadField> = z.ZodMiniType<F extends { required: true } ? FieldValue<F> : FieldValue<F> | null | undefined>;

/** A zod shape of the catalogue fields, by name, typed from the catalogue so a schema's output needs no cast. */
export function fieldsShape<const Fields extends readonly LeadField[]>(
  fields: Fields,
): { [F in Fields[number] as F['name']]: FieldRule<F> } {
  const shape: Record<string, z.ZodMiniType> = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  return shape as { [F in Fields[number] as F['name']]: FieldRule<F> };
}

/**
 * A client may post its whole form state (docs/product.md#functions), so a field left empty arrives as ''. For the
 * keys `isDroppable` names (optional fields, other services' fields), '' means "not given" and the key is dropped
 * before the rules run; a required field's '' still reads "… is required.", and a non-empty value is checked as
 * usual.
 */
export function emptyMeansNotGiven(isDroppable: (key: string, data: Record<string, unknown>) => boolean) {
  return z.transform((data: unknown) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
    const record = data as Record<string, unknown>;
    return Object.fromEntries(Object.entries(record).filter(([key, value]) => value !== '' || !isDroppable(key, record)));
  });
}

const isoTime = z.nullish(
  z.string({ error: FIELD_MESSAGES.invalid }).check(
    z.maxLength(40, FIELD_MESSAGES.invalid),
    z.refine((v) => !Number.isNaN(Date.parse(v)), FIELD_MESSAGES.invalid),
  ),
);

/** The captcha token's field in every submission, under reCAPTCHA's own name whatever the provider. */
export const CAPTCHA_TOKEN_FIELD = 'g-recaptcha-response';

/**
 * What every submission carries besides its fields: the captcha token (named as in docs/product.md#captcha), the
 * time the visitor submitted and the time the form was first shown (the minimum fill time), and the honeypot.
 */
export const SUBMISSION_META_SHAPE = {
  [CAPTCHA_TOKEN_FIELD]: z.nullish(z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(8_000))),
  submittedAt: isoTime,
  startedAt: isoTime,
  /** Honeypot: hidden from people, so only bots fill it. */
  website: z.nullish(z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(500))),
};

export const HONEYPOT_FIELD = 'website';

/** Meta fields a client may send empty. The captcha token is not among them: an empty one is refused first. */
export const OPTIONAL_META_FIELDS = ['submittedAt', 'startedAt', HONEYPOT_FIELD] as const;

export const SubmissionMetaSchema = z.object(SUBMISSION_META_SHAPE);
export type SubmissionMeta = z.infer<typeof SubmissionMetaSchema>;

export type FieldErrors = Record<string, string>;

/**
 * One message per field (the first problem found), keyed by the top-level field name; with `nested`, by the
 * whole path (`address.postcode`, `social.0.url`), for a form whose fields are grouped or repeated.
 */
export function fieldErrors(error: z.core.$ZodError, { nested = false } = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const at = nested ? issue.path.map(String) : [];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[[...at, key].join('.')] ??= FIELD_MESSAGES.unknownField;
      continue;
    }
    const key = issue.path.length ? (nested ? at.join('.') : String(issue.path[0])) : '_form';
    out[key] ??= issue.message;
  }
  return out;
}
