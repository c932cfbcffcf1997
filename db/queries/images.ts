import type { Db } from '../database.ts';
import type { Cursor } from '../../shared/cursor.ts';
import type { ImageFormat } from '../../shared/images.ts';
import { sql } from 'kysely';
import type { ImageUse } from '../../shared/media.ts';
import { PAGES_TEXT } from '../../shared/pages-texts.ts';
import { isServiceId } from '../../shared/services.ts';
import { PAGE_NAMES, WORDS_USE_PREFIX, type WordsKey, defaultServiceWords, isCustomPageKey, isWordsKey } from '../../shared/site-words.ts';
import { afterKey } from './predicates.ts';

/** What every upload is: its file, format, size in pixels and the bytes uploaded. */
interface ImageFile {
  id: string;
  fileName: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: number;
}

/** An upload as stored: its own row and every copy made of it. */
export interface StoredImage extends ImageFile {
  uploadedBy: string | null;
  createdAt: string;
  variants: Array<{ width: number; format: ImageFormat; contentType: string; data: Uint8Array }>;
}

/** Stores an upload and its copies; nothing uses it yet, so it counts as unused from its upload. */
export async function insertImage(db: Db, image: StoredImage): Promise<void> {
  await db
    .insertInto('images')
    .values({
      id: image.id,
      file_name: image.fileName,
      format: image.format,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      uploaded_by: image.uploadedBy,
      created_at: image.createdAt,
      stored_bytes: image.variants.reduce((sum, v) => sum + v.data.byteLength, 0),
      unused_since: image.createdAt,
    })
    .execute();
  await db
    .insertInto('image_variants')
    .values(
      image.variants.map((v) => ({ image_id: image.id, width: v.width, format: v.format, content_type: v.contentType, data: v.data })),
    )
    .execute();
}

/**
 * Adds copies to a stored image (the favicon's sizes), leaving any it already has at that width and format, and
 * counts them in its stored bytes; the library's "Size" of the whole image then includes them.
 */
export async function addImageVariants(db: Db, id: string, variants: StoredImage['variants']): Promise<void> {
  const have = await db.selectFrom('image_variants').select(['width', 'format']).where('image_id', '=', id).execute();
  const added = variants.filter((v) => !have.some((h) => h.width === v.width && h.format === v.format));
  if (added.length === 0) return;
  await db
    .insertInto('image_variants')
    .values(added.map((v) => ({ image_id: id, width: v.width, format: v.format, content_type: v.contentType, data: v.data })))
    .execute();
  const bytes = added.reduce((sum, v) => sum + v.data.byteLength, 0);
  await db
    .updateTable('images')
    .set((eb) => ({ stored_bytes: eb('stored_bytes', '+', bytes) }))
    .where('id', '=', id)
    .execute();
}

/** One stored copy's bytes and type, or undefined. */
export async function findImageVariant(
  db: Db,
  id: string,
  width: number,
  format: ImageFormat,
): Promise<{ contentType: string; data: Uint8Array } | undefined> {
  const row = await db
    .selectFrom('image_variants')
    .select(['content_type', 'data'])
    .where('image_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
  return row && { contentType: row.content_type, data: row.data };
}

/** An upload as the library lists it (without its copies' bytes). */
export interface ImageRecord extends ImageFile {
  /** Every stored copy together (each width and format). */
  storedBytes: number;
  alt: string;
  uploadedBy: { id: string; name: string } | null;
  createdAt: string;
  unusedSince: string | null;
}

function imageRecords(db: Db) {
  return db
    .selectFrom('images')
    .leftJoin('users', 'users.id', 'images.uploaded_by')
    .select([
      'images.id',
      'images.file_name',
      'images.format',
      'images.width',
      'images.height',
      'images.bytes',
      'images.stored_bytes',
      'images.alt_text',
      'images.uploaded_by',
      'users.name as uploader',
      'images.created_at',
      'images.unused_since',
    ]);
}

type ImageRecordRow = Awaited<ReturnType<ReturnType<typeof imageRecords>['execute']>>[number];

function toRecord(row: ImageRecordRow): ImageRecord {
  return {
    id: row.id,
    fileName: row.file_name,
    format: row.format as ImageFormat,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    storedBytes: row.stored_bytes,
    alt: row.alt_text,
    uploadedBy: row.uploaded_by && row.uploader !== null ? { id: row.uploaded_by, name: row.uploader } : null,
    createdAt: row.created_at,
    unusedSince: row.unused_since,
  };
}

/** Uploads, newest first, keyset-paged on (created_at, id); `unusedOnly`: only those nothing uses. */
export async function listImages(db: Db, q: { after: Cursor | null; limit: number; unusedOnly: boolean }): Promise<ImageRecord[]> {
  let query = imageRecords(db);
  if (q.unusedOnly) query = query.where('images.unused_since', 'is not', null);
  if (q.after) query = query.where(afterKey('images.created_at', q.after, 'desc', 'images.id'));
  const rows = await query.orderBy('images.created_at', 'desc').orderBy('images.id', 'desc').limit(q.limit).execute();
  return rows.map(toRecord);
}

export async function findImage(db: Db, id: string): Promise<ImageRecord | undefined> {
  const row = await imageRecords(db).where('images.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** One use of an image, with what decides who may open the post using it. */
export interface StoredImageUse extends ImageUse {
  imageId: string;
  /** The post's creator and whether and when it is published; null for the settings. */
  postAccess: { createdBy: string | null; published: boolean; publishedAt: string } | null;
  /** A page's name as visitors see it, null while it has never been published (who may not edit pages sees only this). */
  publishedPageName?: string | null;
}

/** How the admin names a key from its stored words (draft first, as its editor does): a page staff made by its title. */
function nameOfWords(key: WordsKey, stored: { name?: unknown; title?: unknown } | null): string {
  if (isCustomPageKey(key)) return typeof stored?.title === 'string' && stored.title ? stored.title : PAGES_TEXT.newPageTitle;
  if (isServiceId(key)) return typeof stored?.name === 'string' && stored.name ? stored.name : defaultServiceWords()[key].name;
  return PAGE_NAMES[key];
}

/** Stored words as the names read them; a document that cannot be read names its page by the default name. */
function storedNames(document: string | null): { name?: unknown; title?: unknown } | null {
  try {
    return JSON.parse(document ?? 'null') as { name?: unknown; title?: unknown } | null;
  } catch {
    return null;
  }
}

/**
 * The page a settings document of uses is (`words:{key}`), named from its stored words, draft first, and as published
 * (null for a page staff made that was never published); null for the site settings.
 */
function pageOfUse(
  sourceId: string,
  draft: string | null,
  published: string | null,
): { key: string; name: string; publishedName: string | null } | null {
  const key = sourceId.startsWith(WORDS_USE_PREFIX) ? sourceId.slice(WORDS_USE_PREFIX.length) : null;
  if (!isWordsKey(key)) return null;
  const publishedName = published === null && isCustomPageKey(key) ? null : nameOfWords(key, storedNames(published));
  return { key, name: nameOfWords(key, storedNames(draft ?? published)), publishedName };
}

/** Where each of these images is used, with the title of each post and the name of each page (by title, then place). */
export async function listImageUses(db: Db, ids: readonly string[]): Promise<StoredImageUse[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('image_uses')
    .leftJoin('blogs', (join) => join.onRef('blogs.id', '=', 'image_uses.source_id').on('image_uses.source', '=', 'post'))
    .leftJoin('site_words', (join) =>
      join.on('image_uses.source', '=', 'settings').on(sql<boolean>`image_uses.source_id = ${WORDS_USE_PREFIX} || site_words.key`),
    )
    .select(['image_uses.image_id', 'image_uses.source', 'image_uses.source_id', 'image_uses.place', 'blogs.title'])
    .select(['blogs.created_by', 'blogs.published', 'blogs.published_at'])
    .select(['site_words.draft as words_draft', 'site_words.published as words_published'])
    .where('image_uses.image_id', 'in', ids)
    .orderBy('image_uses.source')
    .orderBy('blogs.title')
    .orderBy('image_uses.place')
    .execute();
  return rows.map((r) => {
    const page = r.source === 'settings' ? pageOfUse(r.source_id, r.words_draft, r.words_published) : null;
    return {
      imageId: r.image_id,
      place: page ? 'page' : r.place,
      post: r.source === 'post' ? { id: r.source_id, title: r.title ?? '' } : null,
      ...(page && { page: { key: page.key, name: page.name }, publishedPageName: page.publishedName }),
      postAccess: r.source === 'post' ? { createdBy: r.created_by, published: r.published === 1, publishedAt: r.published_at ?? '' } : null,
    };
  });
}

/** The whole library: how many uploads, how many unused, and the bytes their stored copies take. */
export async function countImages(db: Db): Promise<{ images: number; unused: number; storedBytes: number }> {
  const row = await db
    .selectFrom('images')
    .select((eb) => [
      eb.fn.countAll().as('images'),
      eb.fn.count('unused_since').as('unused'),
      eb.fn.coalesce(eb.fn.sum('stored_bytes'), eb.lit(0)).as('storedBytes'),
    ])
    .executeTakeFirstOrThrow();
  return { images: Number(row.images), unused: Number(row.unused), storedBytes: Number(row.storedBytes) };
}

/** Sets an image's alt text; false when there is no such image. */
export async function updateImageAlt(db: Db, id: string, alt: string): Promise<boolean> {
  const result = await db.updateTable('images').set({ alt_text: alt }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether anything uses the image (the library refuses to delete it then). */
export async function isImageUsed(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('image_uses').select('image_id').where('image_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

/** Deletes images and every copy of them. */
export async function deleteImages(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('image_variants').where('image_id', 'in', ids).execute();
  await db.deleteFrom('image_uses').where('image_id', 'in', ids).execute();
  await db.deleteFrom('images').where('id', 'in', ids).execute();
}

/** Images nothing has used since before `cutoff` (ISO), oldest first: what the retention job deletes. */
export async function listImagesUnusedBefore(
  db: Db,
  cutoff: string,
  limit: number,
): Promise<Array<{ id: string; fileName: string; storedBytes: number }>> {
  const rows = await db
    .selectFrom('images')
    .select(['id', 'file_name', 'stored_bytes'])
    .where('unused_since', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('image_uses').select('image_id').whereRef('image_uses.image_id', '=', 'images.id'))),
    )
    .orderBy('unused_since')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, fileName: r.file_name, storedBytes: r.stored_bytes }));
}
