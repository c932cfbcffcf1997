import * as z from 'zod/mini';
import { CONTACT_FIELDS } from '../lead-fields.ts';
import { OPTIONAL_META_FIELDS, SUBMISSION_META_SHAPE, type SubmissionMeta, emptyMeansNotGiven, fieldsShape } from './fields.ts';

/** The contact form's own fields (SPEC.md §5), from the lead-field catalogue. */
export const ContactFieldsShape = fieldsShape(CONTACT_FIELDS);

const optional = new Set([...CONTACT_FIELDS.filter((f) => !f.required).map((f) => f.name), ...OPTIONAL_META_FIELDS]);
const fromClient = emptyMeansNotGiven((key) => optional.has(key));

/** What the browser checks before sending; takes the form's values as typed. */
export const ContactFieldsSchema = z.pipe(fromClient, z.strictObject(ContactFieldsShape));

/** A valid contact message (the shape is built from the catalogue, so its type is written out here). */
export interface ContactFields {
  name: string;
  email: string;
  company?: string | null | undefined;
  service?: string | null | undefined;
  message: string;
}
export type Contact = ContactFields & SubmissionMeta;

/** The `data` of `POST /functions/submitContact`: the fields plus captcha token, times and honeypot. */
export const ContactSchema = z.pipe(
  fromClient,
  z.strictObject({ ...ContactFieldsShape, ...SUBMISSION_META_SHAPE }),
) as unknown as z.ZodMiniType<Contact>;
