import { z } from 'zod';
import { trimmedText as text } from './admin-fields.ts';
import { formatAbn, formatAuPhone } from '../au-identifiers.ts';
import { AU_REGIONS, SETTINGS_LIMITS, type SiteSettings } from '../company.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { SETTINGS_MESSAGES, SETTINGS_TEXT } from '../admin-texts.ts';
import { LOOK_MESSAGES, LOOK_TEXT } from '../look-texts.ts';
import { DEFAULT_ACCENT, HEX_COLOUR, accentFailure, formatRatio } from '../contrast.ts';
import { ALT_TEXT_MAX, parseUploadedImage } from '../images.ts';

/*
 * The site settings as the admin saves them and as the database holds them: one schema for both, so a stored
 * value that no longer passes (a rule tightened since) is noticed on read and the defaults are shown instead.
 * The phone and the ABN are stored written the site's one way (shared/au-identifiers.ts).
 */

/** A field checked and rewritten by `format`, which answers null for a value it refuses. */
function formatted(label: string, format: (value: string) => string | null, message: string) {
  return text(label, 40).transform((value, ctx) => {
    const written = format(value);
    if (written === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return written;
  });
}

const httpsUrl = z
  .string({ error: SETTINGS_MESSAGES.socialUrl })
  .trim()
  .max(300, FIELD_MESSAGES.tooLong('Address', 300))
  .refine(
    (value) => URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).hostname.includes('.'),
    SETTINGS_MESSAGES.socialUrl,
  );

/** The formats a logo or favicon may be: they keep transparency (a JPEG would put a box round the mark). */
export const BRAND_IMAGE_FORMATS = ['png', 'webp'] as const;

/** An image of the media library, by the address the library gives it; whether it still exists is the server's check. */
function libraryImage(what: string) {
  const message = LOOK_MESSAGES.imageFormat(what);
  return z
    .string({ error: message })
    .trim()
    .refine((src) => (BRAND_IMAGE_FORMATS as readonly string[]).includes(parseUploadedImage(src)?.format ?? ''), message);
}

const pixels = z.number().int().positive();

/**
 * `#rrggbb` (the # may be left off; stored in lower case), refused in words when it fails WCAG AA in light or dark
 * mode (shared/contrast.ts). Today's blue is stored as no accent at all, so choosing it gives back today's page.
 */
const accent = z
  .string({ error: LOOK_MESSAGES.accentFormat })
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    const hex = value.startsWith('#') ? value : `#${value}`;
    if (!HEX_COLOUR.test(hex)) {
      ctx.addIssue({ code: 'custom', message: LOOK_MESSAGES.accentFormat });
      return z.NEVER;
    }
    const failure = accentFailure(hex);
    if (failure) {
      ctx.addIssue({ code: 'custom', message: LOOK_MESSAGES.accentContrast(failure, formatRatio(failure.ratio)) });
      return z.NEVER;
    }
    return hex === DEFAULT_ACCENT ? undefined : hex;
  });

export const SiteSettingsSchema = z.strictObject({
  name: text(SETTINGS_TEXT.name, 80),
  legalName: text(SETTINGS_TEXT.legalName, 120),
  email: z
    .string({ error: FIELD_MESSAGES.required(SETTINGS_TEXT.email) })
    .trim()
    .min(1, FIELD_MESSAGES.required(SETTINGS_TEXT.email))
    .max(254, FIELD_MESSAGES.tooLong(SETTINGS_TEXT.email, 254))
    .pipe(z.email(FIELD_MESSAGES.email)),
  phone: formatted(SETTINGS_TEXT.phone, formatAuPhone, SETTINGS_MESSAGES.phone),
  abn: formatted(SETTINGS_TEXT.abn, formatAbn, SETTINGS_MESSAGES.abn),
  address: z.strictObject({
    street: text(SETTINGS_TEXT.street, 120),
    locality: text(SETTINGS_TEXT.locality, 60),
    region: z.enum(AU_REGIONS, { error: SETTINGS_MESSAGES.region }),
    postcode: z
      .string({ error: SETTINGS_MESSAGES.postcode })
      .trim()
      .regex(/^\d{4}$/, SETTINGS_MESSAGES.postcode),
  }),
  social: z
    .array(z.strictObject({ name: text(SETTINGS_TEXT.social.name, 40), url: httpsUrl }))
    .max(SETTINGS_LIMITS.social, SETTINGS_MESSAGES.socialMax(SETTINGS_LIMITS.social)),
  stats: z
    .array(z.strictObject({ value: text(SETTINGS_TEXT.stats.noun, 12), label: text(SETTINGS_TEXT.stats.label, 40) }))
    .min(SETTINGS_LIMITS.statsMin, SETTINGS_MESSAGES.statsCount(SETTINGS_LIMITS.statsMin, SETTINGS_LIMITS.stats))
    .max(SETTINGS_LIMITS.stats, SETTINGS_MESSAGES.statsCount(SETTINGS_LIMITS.statsMin, SETTINGS_LIMITS.stats)),
  logo: z
    .strictObject({
      src: libraryImage(LOOK_TEXT.logo.legend.toLowerCase()),
      alt: text(LOOK_TEXT.logoAlt, ALT_TEXT_MAX),
      width: pixels,
      height: pixels,
    })
    .optional(),
  favicon: libraryImage(LOOK_TEXT.favicon.legend.toLowerCase()).optional(),
  accent: accent.optional(),
}) satisfies z.ZodType<SiteSettings, unknown>;

/** What the admin sends: the form's text, before it is checked and rewritten. */
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;
