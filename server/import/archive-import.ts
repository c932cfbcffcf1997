import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { setImageUses } from '../../db/queries/image-uses.ts';
import { findStoredWords, insertWordsRevision, writeWords } from '../../db/queries/site-words.ts';
import { IMPORT_MESSAGES } from '../../shared/import-messages.ts';
import { wordsSchema } from '../../shared/schemas/site-words.ts';
import {
  PAGE_NAMES,
  WORDS_REVISIONS_KEPT,
  WORDS_USE_PREFIX,
  type WordsKey,
  fieldsOf,
  isCustomPageKey,
  isWordsKey,
} from '../../shared/site-words.ts';
import { isServiceId } from '../../shared/services.ts';
import type { Actor } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import type { ImageService } from '../media/image-service.ts';
import type { ArchiveContent, ArchiveWords } from './import-source.ts';
import type { SafeZip } from './safe-zip.ts';

/** The archive's images brought into the media library: each old id and its new one, and those that could not be. */
export interface ArchiveMedia {
  ids: Map<string, string>;
  /** Images added now (the import records them, so a second import of the archive adds none again). */
  added: Array<{ sourceId: string; targetId: string }>;
  missing: Array<{ url: string; reason: string }>;
}

/** The record of an archive's image in `imported_items`: its id, apart from the posts' and pages' ids. */
export const mediaSourceId = (id: string) => `media:${id}`;

/**
 * Each image of the archive's media library through the library's normal upload, but those a previous import of
 * it brought in (`imported`, by `mediaSourceId`), which keep their image.
 */
export async function bringArchiveMedia(
  zip: SafeZip,
  media: ArchiveContent['media'],
  imported: ReadonlyMap<string, string>,
  from: { images: ImageService; actor: Actor },
  progress: (done: number) => void | Promise<void>,
): Promise<ArchiveMedia> {
  const result: ArchiveMedia = { ids: new Map(), added: [], missing: [] };
  for (const [index, image] of media.entries()) {
    const before = imported.get(mediaSourceId(image.id));
    if (before) result.ids.set(image.id, before);
    else if (!zip.names.includes(image.file)) result.missing.push({ url: image.file, reason: IMPORT_MESSAGES.imageFailed.notInZip });
    else {
      try {
        const uploaded = await from.images.upload(
          await zip.read(image.file),
          { fileName: image.fileName, contentType: image.contentType },
          from.actor,
        );
        result.ids.set(image.id, uploaded.id);
        result.added.push({ sourceId: mediaSourceId(image.id), targetId: uploaded.id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.missing.push({ url: image.file, reason: IMPORT_MESSAGES.imageFailed.notImage });
      }
    }
    await progress(index + 1);
  }
  return result;
}

/** Text (HTML, or words and settings as JSON) with each `/media/{old id}/…` at the same copy of the image's new id. */
export function withArchiveImages(text: string, ids: ReadonlyMap<string, string>): string {
  return text.replace(/\/media\/([0-9a-f-]{36})\//g, (whole, id: string) => {
    const now = ids.get(id);
    return now ? `/media/${now}/` : whole;
  });
}

/** Only the fields `key`'s form has (a later version's extra fields are left aside), checked by its rules; null when refused. */
function checkedWords(key: WordsKey, words: unknown): Record<string, unknown> | null {
  if (!words || typeof words !== 'object') return null;
  const known = Object.fromEntries(Object.entries(words).filter(([field]) => field in fieldsOf(key)));
  const parsed = wordsSchema(key).safeParse(known);
  return parsed.success ? parsed.data : null;
}

/** A key's words, published (with when) or as a draft, written over what is stored, with a history entry and the images they use. */
export async function writeWordsOver(
  trx: Db,
  key: WordsKey,
  change: { words: Record<string, unknown>; publishedAt: string | null },
  actor: Actor,
  at: string,
): Promise<void> {
  const version = (await findStoredWords(trx, key))?.version ?? 0;
  const published = change.publishedAt !== null;
  const ok = await writeWords(trx, key, version, {
    published: published ? { words: change.words, at: change.publishedAt! } : undefined,
    draft: published ? null : change.words,
    draftSavedAt: published ? null : at,
    scheduledAt: null,
    at,
  });
  if (!ok) throw new Error(`the words of ${key} changed during the import`);
  await insertWordsRevision(
    trx,
    { id: randomUUID(), key, words: change.words, kind: published ? 'published' : 'draft', userId: actor.userId, at },
    WORDS_REVISIONS_KEPT,
  );
  await setImageUses(trx, 'settings', `${WORDS_USE_PREFIX}${key}`, { settings: JSON.stringify([change.words]) }, at);
}

/**
 * The archive's words of the built-in pages, the services and the navigation, as they were published (or drafted);
 * answers the names of those restored and of those refused by today's rules, for the report.
 */
export async function writeArchiveWords(
  trx: Db,
  words: ArchiveWords[],
  ids: ReadonlyMap<string, string>,
  actor: Actor,
  at: string,
): Promise<{ restored: string[]; refused: string[] }> {
  const restored: string[] = [];
  const refused: string[] = [];
  for (const entry of words) {
    if (!isWordsKey(entry.key) || isCustomPageKey(entry.key)) continue;
    const key = entry.key;
    const name = isServiceId(key) ? key : PAGE_NAMES[key];
    const source = entry.published ?? entry.draft;
    const words = checkedWords(key, JSON.parse(withArchiveImages(JSON.stringify(source), ids)));
    if (!words) {
      refused.push(name);
      continue;
    }
    await writeWordsOver(trx, key, { words, publishedAt: entry.published ? (entry.publishedAt ?? at) : null }, actor, at);
    restored.push(name);
  }
  return { restored, refused };
}
