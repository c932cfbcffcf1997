import type { Kysely } from 'kysely';

/**
 * Tag pages (`/blog/tag/{tag}`, docs/product.md#blog-tags) without reading every post's JSON `tags`: one row per
 * tag of a post, keyed by the tag's lowercased NFC form, with the post's publish time so that a tag's page walks
 * the (tag, published_at, blog_id) index newest first and stops after a page, and an unknown tag costs one index
 * probe. Rows go with their post. Existing posts are filled in here; saves keep the rows in step after this.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_tags')
    .addColumn('blog_id', 'varchar(36)', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_tags_pk', ['blog_id', 'tag'])
    .execute();
  await db.schema.createIndex('blog_tags_order').on('blog_tags').columns(['tag', 'published_at desc', 'blog_id desc']).execute();

  const BATCH = 500;
  for (let offset = 0; ; offset += BATCH) {
    const posts = await db.selectFrom('blogs').select(['id', 'tags', 'published_at']).orderBy('id').limit(BATCH).offset(offset).execute();
    const rows = posts.flatMap((post: { id: string; tags: string; published_at: string }) =>
      [...new Set((JSON.parse(post.tags) as string[]).map(tagKey))].map((tag) => ({
        blog_id: post.id,
        tag,
        published_at: post.published_at,
      })),
    );
    for (let i = 0; i < rows.length; i += BATCH)
      await db
        .insertInto('blog_tags')
        .values(rows.slice(i, i + BATCH))
        .execute();
    if (posts.length < BATCH) break;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_tags').execute();
}

/**
 * A tag's key as `tagKey` in shared/blog.ts made it when this migration was written. A copy, not an import: a
 * migration is frozen in time (the blog service writes every later row with the live rule).
 */
function tagKey(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}
