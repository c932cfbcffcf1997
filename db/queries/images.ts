import type { Db } from '../database.ts';
import type { ImageFormat } from '../../shared/images.ts';

/** An upload as stored: its own row and every copy made of it. */
export interface StoredImage {
  id: string;
  fileName: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: number;
  uploadedBy: string | null;
  createdAt: string;
  variants: Array<{ width: number; format: ImageFormat; contentType: string; data: Uint8Array }>;
}

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
    })
    .execute();
  await db
    .insertInto('image_variants')
    .values(image.variants.map((v) => ({ image_id: image.id, width: v.width, format: v.format, content_type: v.contentType, data: v.data })))
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

