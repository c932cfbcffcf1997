import { mediaIdsIn } from '../../shared/images.ts';
import type { Db } from '../database.ts';
import type { ImageUsesTable } from '../types.ts';

type Source = ImageUsesTable['source'];
type Place = ImageUsesTable['place'];

/** Whether a text names an uploaded image at all (most posts name none, and their writes skip the uses). */
export function namesImages(...texts: Array<string | null | undefined>): boolean {
  return texts.some((text) => text?.includes('/media/'));
}

/**
 * Rewrites where one post or settings document uses images, from the texts it now holds at each place (a post's
 * HTML, its featured image, a settings document's JSON); `{}` when it is deleted. Part of the write's transaction, so
 * the library's "Used in" never disagrees with what is stored. An image that loses its last use is unused from
 * `at`; one that gains a use is no longer unused. Addresses of images that do not exist are left out.
 */
export async function setImageUses(
  db: Db,
  source: Source,
  sourceId: string,
  texts: Partial<Record<Place, string | null>>,
  at: string,
): Promise<void> {
  const wanted = (Object.entries(texts) as Array<[Place, string | null]>).flatMap(([place, text]) =>
    mediaIdsIn(text).map((id) => ({ id, place })),
  );
  const before = await db
    .selectFrom('image_uses')
    .select(['image_id', 'place'])
    .where('source', '=', source)
    .where('source_id', '=', sourceId)
    .execute();
  if (before.length === 0 && wanted.length === 0) return;
  const known = wanted.length
    ? new Set(
        (
          await db
            .selectFrom('images')
            .select('id')
            .where('id', 'in', [...new Set(wanted.map((w) => w.id))])
            .execute()
        ).map((r) => r.id),
      )
    : new Set<string>();
  const rows = wanted.filter((w) => known.has(w.id)).map((w) => ({ image_id: w.id, source, source_id: sourceId, place: w.place }));
  const same = (a: Array<{ image_id: string; place: string }>, b: Array<{ image_id: string; place: string }>) =>
    a.length === b.length && a.every((x) => b.some((y) => y.image_id === x.image_id && y.place === x.place));
  if (same(before, rows)) return;

  await db.deleteFrom('image_uses').where('source', '=', source).where('source_id', '=', sourceId).execute();
  const used = [...new Set(rows.map((r) => r.image_id))];
  if (rows.length) {
    await db.insertInto('image_uses').values(rows).execute();
    await db.updateTable('images').set({ unused_since: null }).where('id', 'in', used).where('unused_since', 'is not', null).execute();
  }
  const dropped = [...new Set(before.map((r) => r.image_id))].filter((id) => !used.includes(id));
  if (dropped.length) {
    await db
      .updateTable('images')
      .set({ unused_since: at })
      .where('id', 'in', dropped)
      .where('unused_since', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('image_uses').select('image_id').whereRef('image_uses.image_id', '=', 'images.id'))),
      )
      .execute();
  }
}
