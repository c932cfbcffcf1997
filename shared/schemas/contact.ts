import * as z from 'zod/mini';
import { OTHER_SERVICE } from '../options.ts';
import { SERVICE_IDS } from '../services.ts';
import { SUBMISSION_META_SHAPE, emailField, optionalText, requiredText, selectField } from './fields.ts';

export const CONTACT_SERVICE_VALUES = [...SERVICE_IDS, OTHER_SERVICE] as const;

/** The contact form's own fields (SPEC.md §5): what the browser checks before sending. */
export const ContactFieldsShape = {
  name: requiredText('Full name', 100),
  email: emailField(),
  company: optionalText('Company', 200),
  service: z.nullish(selectField('Service', CONTACT_SERVICE_VALUES)),
  message: requiredText('Message', 5_000),
};

export const ContactFieldsSchema = z.strictObject(ContactFieldsShape);

/** The `data` of `POST /functions/submitContact`: the fields plus captcha token, times and honeypot. */
export const ContactSchema = z.strictObject({ ...ContactFieldsShape, ...SUBMISSION_META_SHAPE });

export type ContactFields = z.infer<typeof ContactFieldsSchema>;
export type Contact = z.infer<typeof ContactSchema>;
