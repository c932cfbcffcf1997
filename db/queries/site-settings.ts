import type { Db } from '../database.ts';
import { setImageUses } from './image-uses.ts';

/** The settings document stored under `key`, as parsed JSON (the service checks it), or null when never saved. */
export async function readSettingsDocument(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : null;
}

/** Stores a settings document, and where it uses uploaded images (any `/media/…` address in it, the media library's "Used in"). */
export async function writeSettingsDocument(db: Db, key: string, value: unknown, at: string): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('site_settings')
    .values({ key, value: json, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
    .execute();
  await setImageUses(db, 'settings', key, { settings: json }, at);
}
