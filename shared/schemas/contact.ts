import * as z from 'zod/mini';
import { CONTACT_FIELDS } from '../lead-fields.ts';
import { OPTIONAL_META_FIELDS, SUBMISSION_META_SHAPE, emptyMeansNotGiven, fieldsShape } from './fields.ts';

/** The contact form's own fields (docs/product.md#contact), from the lead-field catalogue. */
export const ContactFieldsShape = fieldsShape(CONTACT_FIELDS);

const optional = new Set<string>([...CONTACT_FIELDS.filter((f) => !f.required).map((f) => f.name), ...OPTIONAL_META_FIELDS]);
const fromClient = emptyMeansNotGiven((key) => optional.has(key));

/** What the browser checks before sending; takes the form's values as typed. */
export const ContactFieldsSchema = z.pipe(fromClient, z.strictObject(ContactFieldsShape));

/** The `data` of `POST /functions/submitContact`: the fields plus captcha token, times and honeypot. */
export const ContactSchema = z.pipe(fromClient, z.strictObject({ ...ContactFieldsShape, ...SUBMISSION_META_SHAPE }));

/** A valid contact message, typed from the catalogue through its schema. */
export type Contact = z.output<typeof ContactSchema>;
