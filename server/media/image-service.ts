import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type ImageRecord,
  type StoredImageUse,
  addImageVariants,
  countImages,
  deleteImages,
  findImage,
  findImageVariant,
  insertImage,
  isImageUsed,
  listImageUses,
  listImages,
  updateImageAlt,
} from '../../db/queries/images.ts';
import { encodeCursor } from '../../shared/cursor.ts';
import { ICON_SIZES, type ImageFormat, UNUSED_IMAGE_DAYS, imagePath, largestStoredWidth, scaledHeight } from '../../shared/images.ts';
import {
  type ImageUse,
  type LibraryImage,
  MEDIA_PAGE_SIZE,
  MEDIA_TEXT,
  type MediaPage,
  type MediaQuery,
  labelsOfUses,
  mayChangeImage,
} from '../../shared/media.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { can } from '../../shared/roles.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { ImageAltSchema } from '../../shared/schemas/media.ts';
import { type Actor, withAudit } from '../audit/audit-log.ts';
import { type Writer, mayOpen } from '../blog/post-access.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import { cursorParam, keysetPage } from '../core/keyset-cursor.ts';
import { type UploadClaim, checkUpload } from './image-check.ts';
import { iconPngs, readImageSize, resizeImage } from './image-resize.ts';
import { type DecodeQueue, createDecodeQueue } from './upload-budget.ts';

/** The signed-in person changing the library, and their role. */
export interface LibraryEditor extends Writer {
  actor: Actor;
}

export interface ImageService {
  /** Checks and resizes an upload, then stores it with its audit entry; a refused upload stores nothing. */
  upload(bytes: Uint8Array, claim: UploadClaim, actor: Actor): Promise<LibraryImage>;
  /** One stored copy, or null when there is no such image or width. */
  variant(id: string, width: number, format: ImageFormat): Promise<{ contentType: string; data: Uint8Array } | null>;
  /** One page of the library, newest first, each image with where `viewer` may see it used, and the library's totals. */
  library(query: MediaQuery, viewer: Writer): Promise<MediaPage>;
  /** Sets the alt text the library offers for an image (audited). */
  setAlt(id: string, input: unknown, by: LibraryEditor): Promise<LibraryImage>;
  /** Deletes an image nothing uses (audited); refused with where it is used otherwise. */
  remove(id: string, by: LibraryEditor): Promise<void>;
  /**
   * Stores the favicon's square PNG sizes (ICON_SIZES) beside an image's other copies, made from its largest
   * stored copy; an image that has them already is left as it is. The settings check the image first.
   */
  addIcons(id: string): Promise<void>;
}

/** The longest file name kept (for the audit entry); the rest is cut. */
const FILE_NAME_MAX = 255;

/**
 * docs/product.md#roles: everyone who writes posts may use the library and change the images they uploaded; an
 * image someone else uploaded (or a script) is changed or deleted only by those who may edit every post.
 */
function assertMayChange(by: LibraryEditor, image: ImageRecord): void {
  if (mayChangeImage(by, image)) return;
  throw new AppError('PERMISSION_DENIED', MEDIA_TEXT.notYours);
}

/** An image as the library shows it: its largest stored copy (what a post stores) and its uses. */
function libraryImage(image: ImageRecord, { uses, hiddenUses }: Pick<LibraryImage, 'uses' | 'hiddenUses'>): LibraryImage {
  const largest = largestStoredWidth(image.width);
  return {
    id: image.id,
    src: imagePath(image.id, largest, image.format),
    width: largest,
    height: scaledHeight(image, largest),
    fileName: image.fileName,
    bytes: image.bytes,
    storedBytes: image.storedBytes,
    originalWidth: image.width,
    originalHeight: image.height,
    alt: image.alt,
    uploadedBy: image.uploadedBy,
    uploadedAt: image.createdAt,
    unusedSince: image.unusedSince,
    uses,
    hiddenUses,
  };
}

/**
 * The uses `viewer` may see, and how many other posts and pages are only counted: a post they may not open (another
 * Author's draft, a scheduled post) is never named to them, by title or id; to who may not edit pages, a page is
 * named as published, and one never published is counted (docs/product.md#media).
 */
function usesSeenBy(viewer: Writer, uses: StoredImageUse[], now: number): Pick<LibraryImage, 'uses' | 'hiddenUses'> {
  const editsPages = can(viewer.role, 'pages.edit');
  const seenAs = (use: StoredImageUse): ImageUse | null => {
    if (use.postAccess && !mayOpen(viewer, use.postAccess, now)) return null;
    if (!use.page) return { place: use.place, post: use.post };
    if (editsPages) return { place: use.place, post: use.post, page: use.page };
    return use.publishedPageName ? { place: use.place, post: use.post, page: { key: use.page.key, name: use.publishedPageName } } : null;
  };
  const seen = uses.map((use) => [use, seenAs(use)] as const);
  const hidden = new Set(seen.filter(([, as]) => !as).map(([use]) => use.post?.id ?? use.page?.key));
  return { uses: seen.flatMap(([, as]) => (as ? [as] : [])), hiddenUses: hidden.size };
}

/** Images with the uses `viewer` may see, in one read of the uses for all of them. */
async function withUses(db: Db, images: ImageRecord[], viewer: Writer): Promise<LibraryImage[]> {
  const uses = await listImageUses(
    db,
    images.map((i) => i.id),
  );
  const now = Date.now();
  return images.map((image) =>
    libraryImage(
      image,
      usesSeenBy(
        viewer,
        uses.filter((u) => u.imageId === image.id),
        now,
      ),
    ),
  );
}

async function existing(db: Db, id: string): Promise<ImageRecord> {
  const image = await findImage(db, id);
  if (!image) throw new AppError('NOT_FOUND', EDITOR_MESSAGES.imageNotFound);
  return image;
}

/**
 * One decode queue per service, and the app makes one service per process; a test may bring its own queue.
 * `unusedDays` is how long the retention job keeps an unused image (the library says when each goes).
 */
export function createImageService({
  db,
  decodeQueue = createDecodeQueue(),
  unusedDays = UNUSED_IMAGE_DAYS,
}: {
  db: Db;
  decodeQueue?: DecodeQueue;
  unusedDays?: number;
}): ImageService {
  return {
    async upload(bytes, claim, actor) {
      const format = checkUpload(bytes, claim);
      // Too many pixels is refused from the header, before the queue: such an upload neither waits nor decodes.
      const size = await readImageSize(bytes, format);
      // The slow work (decoding, six encodes) is done before the transaction, so no writer waits on it.
      const resized = await decodeQueue.run(() => resizeImage(bytes, format, size));
      const id = randomUUID();
      const fileName = [...claim.fileName].slice(0, FILE_NAME_MAX).join('') || 'upload';
      await withAudit(
        db,
        actor,
        'image.uploaded',
        (trx) =>
          insertImage(trx, {
            id,
            fileName,
            format,
            width: resized.width,
            height: resized.height,
            bytes: bytes.length,
            uploadedBy: actor.userId,
            createdAt: new Date().toISOString(),
            variants: resized.variants,
          }),
        () => `${id} ${fileName}`,
      );
      return libraryImage((await findImage(db, id))!, { uses: [], hiddenUses: 0 });
    },

    async variant(id, width, format) {
      return (await findImageVariant(db, id, width, format)) ?? null;
    },

    async library({ show = 'all', cursor }, viewer) {
      const after = cursorParam(cursor);
      const [page, totals] = await Promise.all([
        keysetPage(
          MEDIA_PAGE_SIZE,
          (limit) => listImages(db, { after, limit, unusedOnly: show === 'unused' }),
          (i) => ({ at: i.createdAt, id: i.id }),
        ),
        countImages(db),
      ]);
      return { images: await withUses(db, page.items, viewer), nextCursor: page.next && encodeCursor(page.next), totals, unusedDays };
    },

    async setAlt(id, input, by) {
      const parsed = ImageAltSchema.safeParse(input ?? {});
      if (!parsed.success) throw invalidFields(FIELD_MESSAGES.fixErrors, parsed.error);
      const { alt } = parsed.data;
      const image = await withAudit(
        db,
        by.actor,
        'image.alt_changed',
        async (trx) => {
          const found = await existing(trx, id);
          assertMayChange(by, found);
          await updateImageAlt(trx, id, alt);
          return found;
        },
        (found) => `${id} ${found.fileName}`,
      );
      return (await withUses(db, [{ ...image, alt }], by))[0]!;
    },

    async remove(id, by) {
      await withAudit(
        db,
        by.actor,
        'image.deleted',
        async (trx) => {
          const image = await existing(trx, id);
          assertMayChange(by, image);
          if (await isImageUsed(trx, id)) {
            const seen = usesSeenBy(by, await listImageUses(trx, [id]), Date.now());
            throw new AppError('ABORTED', MEDIA_TEXT.inUse(image.fileName, labelsOfUses(seen)), { details: seen });
          }
          await deleteImages(trx, [id]);
          return image;
        },
        (image) => `${id} ${image.fileName}`,
      );
    },

    async addIcons(id) {
      const image = await existing(db, id);
      const sizes = Object.values(ICON_SIZES);
      if ((await Promise.all(sizes.map((size) => findImageVariant(db, id, size, 'png')))).every(Boolean)) return;
      const largest = await findImageVariant(db, id, largestStoredWidth(image.width), image.format);
      if (!largest) throw new AppError('NOT_FOUND', EDITOR_MESSAGES.imageNotFound);
      const icons = await decodeQueue.run(() => iconPngs(largest.data, sizes));
      await addImageVariants(db, id, icons);
    },
  };
}
