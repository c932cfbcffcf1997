import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../messages.ts';

/*
 * Field builders shared by the lead schemas. zod/mini keeps the browser bundle small (a few KB instead of
 * the classic API's much larger bundle); the rules are the same zod 4 rules on both sides.
 * Text is validated but never rewritten: it is stored exactly as typed and escaped wherever it is shown.
 */

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

export function requiredText(label: string, max: number) {
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.invalid) })
    .check(
      z.refine((v) => v.trim().length > 0, FIELD_MESSAGES.required(label)),
      z.maxLength(max, FIELD_MESSAGES.tooLong(label, max)),
    );
}

export function optionalText(label: string, max: number) {
  return z.nullish(
    z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(max, FIELD_MESSAGES.tooLong(label, max))),
  );
}

export function emailField(label = 'Email') {
  return z
    .email({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.email) })
    .check(z.maxLength(254, FIELD_MESSAGES.tooLong(label, 254)));
}

export function selectField<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  return z.enum(options, {
    error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.choose(label) : FIELD_MESSAGES.option(label)),
  });
}

export function wholeNumber(label: string, min: number, max: number) {
  const message = FIELD_MESSAGES.wholeNumber(label, min, max);
  return z
    .int({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : message) })
    .check(z.minimum(min, message), z.maximum(max, message));
}

/** A calendar date as `<input type="date">` sends it: YYYY-MM-DD, and a day that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function dateField(label: string) {
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? FIELD_MESSAGES.required(label) : FIELD_MESSAGES.date(label)) })
    .check(
      z.refine((v) => v !== '', FIELD_MESSAGES.required(label)),
      z.refine((v) => v === '' || isCalendarDate(v), FIELD_MESSAGES.date(label)),
    );
}

export function phoneField(label = 'Phone') {
  return z.nullish(
    z.string({ error: FIELD_MESSAGES.phone }).check(
      z.maxLength(40, FIELD_MESSAGES.tooLong(label, 40)),
      z.refine((v) => v === '' || (/^[+()\d\s.-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6), FIELD_MESSAGES.phone),
    ),
  );
}

const isoTime = z.nullish(
  z.string({ error: FIELD_MESSAGES.invalid }).check(
    z.maxLength(40, FIELD_MESSAGES.invalid),
    z.refine((v) => !Number.isNaN(Date.parse(v)), FIELD_MESSAGES.invalid),
  ),
);

/**
 * What every submission carries besides its fields: the captcha token (named as in SPEC.md §3), the time the
 * visitor submitted and the time the form was first shown (the minimum fill time), and the honeypot.
 */
export const SUBMISSION_META_SHAPE = {
  'g-recaptcha-response': z.nullish(z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(8_000))),
  submittedAt: isoTime,
  startedAt: isoTime,
  /** Honeypot: hidden from people, so only bots fill it. */
  website: z.nullish(z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(500))),
};

export const HONEYPOT_FIELD = 'website';

export const SubmissionMetaSchema = z.object(SUBMISSION_META_SHAPE);
export type SubmissionMeta = z.infer<typeof SubmissionMetaSchema>;

export type FieldErrors = Record<string, string>;

/** One message per field (the first problem found), keyed by the top-level field name. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[key] ??= FIELD_MESSAGES.unknownField;
      continue;
    }
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    out[key] ??= issue.message;
  }
  return out;
}
