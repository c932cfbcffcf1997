import { z } from 'zod';
import { REDIRECT_MESSAGES } from '../redirect-messages.ts';
import { REDIRECT_FROM_MAX, REDIRECT_TO_MAX } from '../redirects.ts';

/**
 * A redirect as the admin's form sends it. The form's own checks; what needs the site (loops, chains, live pages)
 * is `redirectRefusal` (shared/redirects.ts), run by the server with the same words.
 */
export const RedirectSchema = z.object({
  from: z
    .string({ error: REDIRECT_MESSAGES.fromRequired })
    .trim()
    .min(1, REDIRECT_MESSAGES.fromRequired)
    .max(REDIRECT_FROM_MAX, REDIRECT_MESSAGES.fromTooLong(REDIRECT_FROM_MAX)),
  to: z
    .string({ error: REDIRECT_MESSAGES.toRequired })
    .trim()
    .min(1, REDIRECT_MESSAGES.toRequired)
    .max(REDIRECT_TO_MAX, REDIRECT_MESSAGES.toTooLong(REDIRECT_TO_MAX)),
  status: z.coerce.number().pipe(z.union([z.literal(301), z.literal(302)], { error: REDIRECT_MESSAGES.badStatus })),
});
export type RedirectInput = z.infer<typeof RedirectSchema>;

/** An uploaded CSV of redirects (`from,to,status`), sent as text. */
export const RedirectCsvSchema = z.object({ csv: z.string().max(1024 * 1024) });
