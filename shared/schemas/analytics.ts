import { z } from 'zod';

/** The account page's "Weekly summary" choice. */
export const WeeklySummarySchema = z.object({ enabled: z.boolean() });
