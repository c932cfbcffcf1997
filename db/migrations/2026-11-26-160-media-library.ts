import { type Kysely, sql } from 'kysely';

/**
 * The media library (docs/product.md#media). Each image gets its alt text, the bytes its stored copies take, and
 * since when nothing uses it; `image_uses` says where each image is used (a post's text, a post's featured image,
 * a settings document), kept by the writes of posts and settings. A post's featured image gets its alt text ('' when
 * marked decorative; null for posts from before, which had none). Existing posts and settings are read once here
 * to fill in the uses, and images nothing uses count as unused since their upload.
 */

// Copied, not imported (migrations are frozen): an uploaded image's address names its id.
const MEDIA_ID = /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//g;
const idsIn = (text: string | null): string[] => [...new Set(Array.from((text ?? '').matchAll(MEDIA_ID), (m) => m[1]!))];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('alt_text', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('stored_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('images').addColumn('unused_since', 'varchar(30)').execute();
  await db.schema.createIndex('images_created').on('images').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('images_unused_since').on('images').column('unused_since').execute();
  await db
    .updateTable('images')
    .set({ stored_bytes: sql`(select coalesce(sum(length(data)), 0) from image_variants where image_variants.image_id = images.id)` })
    .execute();

  await db.schema
    .createTable('image_uses')
    .addColumn('image_id', 'varchar(36)', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('place', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_uses_pkey', ['image_id', 'source', 'source_id', 'place'])
    .execute();
  await db.schema.createIndex('image_uses_source').on('image_uses').columns(['source', 'source_id']).execute();

  await db.schema.alterTable('blogs').addColumn('featured_image_alt', 'varchar(300)').execute();
  await db.schema.alterTable('blog_revisions').addColumn('featured_image_alt', 'varchar(300)').execute();

  const known = new Set((await db.selectFrom('images').select('id').execute()).map((r: { id: string }) => r.id));
  const uses: Array<{ image_id: string; source: string; source_id: string; place: string }> = [];
  const add = (ids: string[], source: string, sourceId: string, place: string) => {
    for (const id of ids) if (known.has(id)) uses.push({ image_id: id, source, source_id: sourceId, place });
  };
  if (known.size > 0) {
    const posts: Array<{ id: string; content: string; featured_image: string | null }> = await db
      .selectFrom('blogs')
      .select(['id', 'content', 'featured_image'])
      .execute();
    for (const post of posts) {
      add(idsIn(post.content), 'post', post.id, 'body');
      add(idsIn(post.featured_image), 'post', post.id, 'featured');
    }
    const settings: Array<{ key: string; value: string }> = await db.selectFrom('site_settings').select(['key', 'value']).execute();
    for (const document of settings) add(idsIn(document.value), 'settings', document.key, 'settings');
  }
  for (let i = 0; i < uses.length; i += 500)
    await db
      .insertInto('image_uses')
      .values(uses.slice(i, i + 500))
      .execute();
  await db
    .updateTable('images')
    .set({ unused_since: sql`created_at` })
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('image_uses').select('image_id').whereRef('image_uses.image_id', '=', 'images.id'))),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_revisions').dropColumn('featured_image_alt').execute();
  await db.schema.alterTable('blogs').dropColumn('featured_image_alt').execute();
  await db.schema.dropTable('image_uses').execute();
  await db.schema.dropIndex('images_unused_since').execute();
  await db.schema.dropIndex('images_created').execute();
  await db.schema.alterTable('images').dropColumn('unused_since').execute();
  await db.schema.alterTable('images').dropColumn('stored_bytes').execute();
  await db.schema.alterTable('images').dropColumn('alt_text').execute();
}
