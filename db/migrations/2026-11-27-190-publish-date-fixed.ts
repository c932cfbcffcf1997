import { type Kysely, sql } from 'kysely';

/**
 * Whether a post's publish date is fixed (docs/product.md#blog-editor): someone chose it, or the post has been
 * published. Until then a draft's date follows the moment it is published. Posts from before: published ones are
 * fixed, and drafts dated after their last save (a schedule someone chose); other drafts carry their first save time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blogs')
    .addColumn('publish_date_fixed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('blogs')
    .set({ publish_date_fixed: 1 })
    .where(sql<boolean>`published = 1 or published_at > updated_at`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blogs').dropColumn('publish_date_fixed').execute();
}
