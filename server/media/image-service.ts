import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { findImageVariant, insertImage } from '../../db/queries/images.ts';
import { type ImageFormat, type UploadedImage, imagePath, largestStoredWidth } from '../../shared/images.ts';
import { type Actor, withAudit } from '../audit/audit-log.ts';
import { type UploadClaim, checkUpload } from './image-check.ts';
import { readImageSize, resizeImage } from './image-resize.ts';
import { type DecodeQueue, createDecodeQueue } from './upload-budget.ts';

export interface ImageService {
  /** Checks and resizes an upload, then stores it with its audit entry; a refused upload stores nothing. */
  upload(bytes: Uint8Array, claim: UploadClaim, actor: Actor): Promise<UploadedImage>;
  /** One stored copy, or null when there is no such image or width. */
  variant(id: string, width: number, format: ImageFormat): Promise<{ contentType: string; data: Uint8Array } | null>;
}

/** The longest file name kept (for the audit entry); the rest is cut. */
const FILE_NAME_MAX = 255;

/** One decode queue per service, and the app makes one service per process; a test may bring its own queue. */
export function createImageService({ db, decodeQueue = createDecodeQueue() }: { db: Db; decodeQueue?: DecodeQueue }): ImageService {
  return {
    async upload(bytes, claim, actor) {
      const format = checkUpload(bytes, claim);
      // Too many pixels is refused from the header, before the queue: such an upload neither waits nor decodes.
      const size = await readImageSize(bytes, format);
      // The slow work (decoding, six encodes) is done before the transaction, so no writer waits on it.
      const resized = await decodeQueue.run(() => resizeImage(bytes, format, size));
      const id = randomUUID();
      const largest = largestStoredWidth(resized.width);
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
      return { id, src: imagePath(id, largest, format), width: largest, height: resized.largestHeight };
    },

    async variant(id, width, format) {
      return (await findImageVariant(db, id, width, format)) ?? null;
    },
  };
}
