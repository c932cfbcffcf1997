import type { Db } from '../database.ts';

/**
 * What "Export site content" reads (docs/export-format.md): content only, never a visitor's or staff member's data.
 * Each function returns plain domain objects; images' bytes are read one at a time (`readImageFile`).
 */
export async function readExportPosts(db: Db) {
  const [posts, oldSlugs] = await Promise.all([
    db
      .selectFrom('blogs')
      .select(['id', 'slug', 'title', 'excerpt', 'content', 'author', 'tags', 'published', 'published_at', 'created_at', 'updated_at'])
      .select(['featured_image', 'featured_image_alt'])
      .orderBy('published_at', 'desc')
      .execute(),
    db.selectFrom('blog_redirects').select(['blog_id', 'old_slug']).orderBy('old_slug').execute(),
  ]);
  return posts.map((p) => ({
    ...p,
    tags: JSON.parse(p.tags) as string[],
    oldSlugs: oldSlugs.filter((o) => o.blog_id === p.id).map((o) => o.old_slug),
  }));
}

export async function readExportWords(db: Db) {
  const rows = await db
    .selectFrom('site_words')
    .select(['key', 'published', 'published_at', 'draft', 'scheduled_at'])
    .orderBy('key')
    .execute();
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));
  return rows.map((r) => ({
    key: r.key,
    published: parse(r.published),
    publishedAt: r.published_at,
    draft: parse(r.draft),
    scheduledAt: r.scheduled_at,
  }));
}

export async function readExportRedirects(db: Db) {
  return db
    .selectFrom('redirects')
    .select(['from_path', 'to_target', 'status', 'origin'])
    .where('origin', '!=', 'blog')
    .orderBy('from_path')
    .execute();
}

/** The media library's images, without their bytes. */
export async function readExportImages(db: Db) {
  return db
    .selectFrom('images')
    .select(['id', 'file_name', 'format', 'width', 'height', 'alt_text', 'created_at'])
    .orderBy('created_at')
    .execute();
}

/** One stored copy of an image: its bytes and type (the copy at `width` in `format`), or undefined. */
export async function readImageFile(db: Db, id: string, width: number, format: string) {
  return db
    .selectFrom('image_variants')
    .select(['data', 'content_type'])
    .where('image_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
}
