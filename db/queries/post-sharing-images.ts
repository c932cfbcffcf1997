import type { Db } from '../database.ts';

export interface StoredSharingImage {
  drawnFrom: string;
  png: Buffer;
}

export async function findPostSharingImage(db: Db, postId: string): Promise<StoredSharingImage | null> {
  const row = await db.selectFrom('post_sharing_images').select(['drawn_from', 'png']).where('post_id', '=', postId).executeTakeFirst();
  return row ? { drawnFrom: row.drawn_from, png: Buffer.from(row.png) } : null;
}

export async function savePostSharingImage(db: Db, postId: string, image: StoredSharingImage, at: string): Promise<void> {
  const values = { drawn_from: image.drawnFrom, png: image.png, created_at: at };
  await db
    .insertInto('post_sharing_images')
    .values({ post_id: postId, ...values })
    .onConflict((oc) => oc.column('post_id').doUpdateSet(values))
    .execute();
}
