import * as z from 'zod/mini';
import { ALT_TEXT_MAX } from '../images.ts';
import { MEDIA_TEXT } from '../media.ts';
import { FIELD_MESSAGES } from '../messages.ts';

/** `PATCH /api/admin/images/{id}`: an image's alt text in the library (may be empty), trimmed. */
export const ImageAltSchema = z.object({
  alt: z.pipe(
    z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(ALT_TEXT_MAX, FIELD_MESSAGES.tooLong(MEDIA_TEXT.alt, ALT_TEXT_MAX))),
    z.transform((v) => v.trim()),
  ),
});
