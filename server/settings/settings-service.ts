import type { Db } from '../../db/database.ts';
import { bumpContentVersion } from '../../db/queries/blogs.ts';
import { findImage } from '../../db/queries/images.ts';
import { readSettingsDocument, writeSettingsDocument } from '../../db/queries/site-settings.ts';
import { LOOK_MESSAGES, LOOK_TEXT } from '../../shared/look-texts.ts';
import { logoSize } from '../../shared/logo.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../shared/company.ts';
import { ICON_MIN, largestStoredWidth, logoCopy, parseUploadedImage, scaledHeight, storedWidths } from '../../shared/images.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { fieldErrors } from '../../shared/schemas/fields.ts';
import { SiteSettingsSchema } from '../../shared/schemas/site-settings.ts';
import { type SettingChange, settingsTarget } from '../audit/audit-details.ts';
import { type Actor, withAudit } from '../audit/audit-log.ts';
import { invalidFields } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';

/** The key the company settings are stored under. */
const COMPANY_KEY = 'company';

export interface SettingsReader {
  /** The settings in force now, read from the database (a primary-key read) so no instance shows old ones. */
  current(): Promise<SiteSettings>;
}

export interface SettingsService extends SettingsReader {
  /** Checks and saves the settings, audited; every instance's pages show them within the page cache's check (1 s). */
  update(input: unknown, actor: Actor): Promise<SiteSettings>;
}

export interface SettingsServiceDeps {
  db: Db;
  logger: Logger;
  /** The content area whose version the page cache watches: a save bumps it, so cached pages are rendered again. */
  contentArea: string;
  /** Called after each committed save, so this instance's caches drop what they rendered at once. */
  onChange?: () => void;
  /** Makes the favicon's sizes from the image chosen for it: needed to save; a reader (a job, a bench) leaves it out. */
  images?: { addIcons(imageId: string): Promise<void> };
}

/**
 * Each setting as text: the address by its parts, a list's items on one line ("LinkedIn https://…, GitHub https://…"),
 * the logo by its alt text and address. The look's settings, when unset, are the default's empty text.
 */
function settingTexts(settings: SiteSettings): Record<string, string> {
  const texts: Record<string, string> = { logo: '', favicon: '', accent: '' };
  for (const [key, value] of Object.entries(settings) as Array<[string, unknown]>) {
    if (Array.isArray(value)) texts[key] = value.map((item: object) => Object.values(item).join(' ')).join(', ');
    else if (key === 'logo' && settings.logo) texts[key] = `${settings.logo.alt} ${settings.logo.src}`;
    else if (value && typeof value === 'object') Object.assign(texts, value);
    else if (value !== undefined) texts[key] = String(value);
  }
  return texts;
}

/**
 * The logo's and favicon's images checked against the library (they exist, at the address given; the favicon is
 * square and large enough for its sizes), and the logo pointed at the copy the pages show (logoCopy) with the size
 * it is drawn at, from the library's record whatever the form sent. Refusals are the fields' own, beside them.
 */
async function checkImages(from: Db, settings: SiteSettings): Promise<SiteSettings> {
  const errors: Record<string, string> = {};
  const found = async (src: string) => {
    const address = parseUploadedImage(src)!;
    const image = await findImage(from, address.id);
    // Every stored width exists in WebP and in the image's own format (the logo is kept as its WebP copy).
    const format = address.format === 'webp' || address.format === image?.format;
    const stored = image && format && storedWidths(largestStoredWidth(image.width)).includes(address.width);
    return stored ? { image, address } : null;
  };
  let checked = settings;
  if (settings.logo) {
    const logo = await found(settings.logo.src);
    if (!logo) errors['logo.src'] = LOOK_MESSAGES.imageGone(LOOK_TEXT.logo.legend.toLowerCase());
    else {
      const copy = logoCopy(logo.image.id, largestStoredWidth(logo.image.width));
      const drawn = logoSize({ width: copy.width, height: scaledHeight(logo.image, copy.width) });
      checked = { ...checked, logo: { ...settings.logo, src: copy.src, ...drawn } };
    }
  }
  if (settings.favicon) {
    const favicon = await found(settings.favicon);
    if (!favicon) errors.favicon = LOOK_MESSAGES.imageGone(LOOK_TEXT.favicon.legend.toLowerCase());
    else if (favicon.image.width !== favicon.image.height || favicon.image.width < ICON_MIN)
      errors.favicon = LOOK_MESSAGES.faviconSize(ICON_MIN, favicon.image.width, favicon.image.height);
  }
  if (Object.keys(errors).length) throw invalidFields(FIELD_MESSAGES.fixErrors, errors);
  return checked;
}

/** The settings whose value differs, with the old and the new value, for the audit entry. */
function settingChanges(before: SiteSettings, after: SiteSettings): SettingChange[] {
  const [from, to] = [settingTexts(before), settingTexts(after)];
  return Object.keys(to)
    .filter((setting) => from[setting] !== to[setting])
    .map((setting) => ({ setting, from: from[setting] ?? '', to: to[setting]! }));
}

export function createSettingsService({ db, logger, contentArea, onChange = () => {}, images }: SettingsServiceDeps): SettingsService {
  /** What was last read, for when the database does not answer: pages keep their footer rather than fail. */
  let lastRead: SiteSettings = DEFAULT_SITE_SETTINGS;

  /** The stored settings, or the defaults when none were saved or a stored value no longer passes the rules. */
  async function read(from: Db): Promise<SiteSettings> {
    const stored = await readSettingsDocument(from, COMPANY_KEY);
    if (stored === null) return DEFAULT_SITE_SETTINGS;
    const parsed = SiteSettingsSchema.safeParse(stored);
    if (parsed.success) return parsed.data;
    logger.warn({ fields: Object.keys(fieldErrors(parsed.error, { nested: true })) }, 'stored site settings refused; showing the defaults');
    return DEFAULT_SITE_SETTINGS;
  }

  return {
    async current() {
      try {
        lastRead = await read(db);
      } catch (err) {
        logger.warn({ err }, 'site settings unreadable; showing the last ones read');
      }
      return lastRead;
    },

    async update(input, actor) {
      const parsed = SiteSettingsSchema.safeParse(input ?? {});
      if (!parsed.success) throw invalidFields(FIELD_MESSAGES.fixErrors, fieldErrors(parsed.error, { nested: true }));
      // The favicon's sizes are made before the transaction (decoding is slow, and no writer should wait on it);
      // the images are checked again inside it, so one deleted meanwhile is refused rather than shown broken.
      const checked = await checkImages(db, parsed.data);
      if (checked.favicon) {
        if (!images) throw new Error('settings saved by a service made without the media library');
        await images.addIcons(parseUploadedImage(checked.favicon)!.id);
      }
      let settings = checked;
      const changed = await withAudit(
        db,
        actor,
        'settings.updated',
        async (trx) => {
          settings = await checkImages(trx, checked);
          const before = await read(trx);
          await writeSettingsDocument(trx, COMPANY_KEY, settings, new Date().toISOString());
          await bumpContentVersion(trx, contentArea);
          return settingChanges(before, settings);
        },
        settingsTarget,
      );
      logger.info({ changed: changed.map((c) => c.setting) }, 'site settings saved');
      lastRead = settings;
      onChange();
      return settings;
    },
  };
}
