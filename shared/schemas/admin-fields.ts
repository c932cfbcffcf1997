import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages.ts';

/*
 * Field builders for the admin's own forms (settings, the pages' words). Classic zod, as the other admin schemas:
 * only the public forms' schemas (fields.ts) are held to zod/mini's smaller bundle.
 */

/** A required line of text, trimmed, with the catalogue's "is required" and "at most N characters" in its label's words. */
export function trimmedText(label: string, max: number) {
  return z
    .string({ error: FIELD_MESSAGES.required(label) })
    .trim()
    .min(1, FIELD_MESSAGES.required(label))
    .max(max, FIELD_MESSAGES.tooLong(label, max));
}
