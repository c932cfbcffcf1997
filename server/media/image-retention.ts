import type { Db } from '../../db/database.ts';
import { deleteImages, listImagesUnusedBefore } from '../../db/queries/images.ts';
import { MEDIA_TEXT, formatBytes } from '../../shared/media.ts';
import { SYSTEM_ACTOR, recordAudit } from '../audit/audit-log.ts';
import type { Logger } from '../core/logger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Images deleted in one transaction: each holds a few hundred kilobytes of copies. */
const BATCH = 100;

/**
 * Deletes the images nothing has used for more than `days` days before `now` (docs/product.md#media), in batches,
 * each one transaction with its audit entry; an image used again meanwhile is kept (the uses are checked in the
 * same statement that picks the batch). Returns how many were deleted and the bytes freed.
 */
export async function purgeUnusedImages(db: Db, logger: Logger, days: number, now: Date): Promise<{ images: number; bytes: number }> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const total = { images: 0, bytes: 0 };
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const found = await listImagesUnusedBefore(trx, cutoff, BATCH);
      if (found.length === 0) return found;
      await deleteImages(
        trx,
        found.map((i) => i.id),
      );
      const bytes = found.reduce((sum, i) => sum + i.storedBytes, 0);
      await recordAudit(trx, SYSTEM_ACTOR, 'images.purged', MEDIA_TEXT.purged(found.length, formatBytes(bytes), days));
      return found;
    });
    total.images += batch.length;
    total.bytes += batch.reduce((sum, i) => sum + i.storedBytes, 0);
    if (batch.length < BATCH) break;
  }
  if (total.images) logger.info({ ...total, unusedDays: days }, 'image retention: deleted images unused past the retention period');
  return total;
}
