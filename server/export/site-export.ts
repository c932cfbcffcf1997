import { Readable, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/database.ts';
import { readExportImages, readExportPosts, readExportRedirects, readExportWords, readImageFile } from '../../db/queries/site-export.ts';
import { postStatus } from '../../shared/blog.ts';
import { largestStoredWidth, mediaIdsIn } from '../../shared/images.ts';
import { imagesIn } from '../blog/stored-html.ts';
import { NAVIGATION_KEY } from '../../shared/site-words.ts';

/** The archive's format version (docs/export-format.md). */
export const EXPORT_FORMAT_VERSION = 1;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The alt text each uploaded image is shown with in the posts, the first found (a featured image's, then those in
 * the bodies): an image described only where it was put in a post (its library alt text left empty) keeps it.
 */
function altsInPosts(posts: Awaited<ReturnType<typeof readExportPosts>>): Map<string, string> {
  const alts = new Map<string, string>();
  for (const post of posts) {
    const featured = post.featured_image ? [{ src: post.featured_image, alt: post.featured_image_alt ?? '' }] : [];
    for (const { src, alt } of [...featured, ...imagesIn(post.content)]) {
      const [id] = mediaIdsIn(src);
      if (id && alt.trim() && !alts.has(id)) alts.set(id, alt);
    }
  }
  return alts;
}

/**
 * Writes the site's content to `out` as the zip archive docs/export-format.md describes, as it is read: the JSON
 * files first, then each image, whose bytes are read only when the archive reaches it (one image in memory at a
 * time). Nothing of visitors or staff is read. Answers the counts, once everything is queued.
 */
export async function writeSiteExport(
  db: Db,
  out: Writable,
  site: { url: string; name: string; settings: unknown },
  now = new Date(),
): Promise<{ posts: number; pages: number; redirects: number; images: number }> {
  const [posts, words, redirects, images] = await Promise.all([
    readExportPosts(db),
    readExportWords(db),
    readExportRedirects(db),
    readExportImages(db),
  ]);
  const zip = new ZipFile();
  zip.outputStream.pipe(out);
  const pages = words.filter((w) => w.key !== NAVIGATION_KEY);
  const navigation = words.find((w) => w.key === NAVIGATION_KEY);
  const counts = { posts: posts.length, pages: pages.length, redirects: redirects.length, images: images.length };
  const files: Array<[string, unknown]> = [
    [
      'manifest.json',
      {
        format: 'site-export',
        formatVersion: EXPORT_FORMAT_VERSION,
        exportedAt: now.toISOString(),
        site: { url: site.url, name: site.name },
        counts,
      },
    ],
    [
      'posts.json',
      posts.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        contentHtml: p.content,
        author: p.author,
        tags: p.tags,
        status: postStatus({ published: Boolean(p.published), publishedAt: p.published_at }, now.getTime()).toLowerCase(),
        publishedAt: p.published_at,
        createdAt: p.created_at,
        updatedAt: p.updated_at,
        featuredImage: p.featured_image ? { src: p.featured_image, alt: p.featured_image_alt } : null,
        oldSlugs: p.oldSlugs,
      })),
    ],
    ['pages.json', pages],
    ['navigation.json', { published: navigation?.published ?? null, draft: navigation?.draft ?? null }],
    ['settings.json', site.settings],
    ['redirects.json', redirects.map((r) => ({ from: r.from_path, to: r.to_target, status: r.status, origin: r.origin }))],
  ];
  const shownWith = altsInPosts(posts);
  const index = images.map((image) => ({
    id: image.id,
    file: `media/${image.id}.${image.format === 'jpeg' ? 'jpg' : image.format}`,
    fileName: image.file_name,
    contentType: `image/${image.format}`,
    width: image.width,
    height: image.height,
    alt: image.alt_text || (shownWith.get(image.id) ?? ''),
    uploadedAt: image.created_at,
  }));
  for (const [name, value] of files) zip.addBuffer(json(value), name, { mtime: now });
  zip.addBuffer(json(index), 'media/index.json', { mtime: now });
  for (const [i, image] of images.entries()) {
    // Read when yazl reaches this entry, not now: the archive never holds more than one image.
    const bytes = Readable.from(
      (async function* () {
        const file = await readImageFile(db, image.id, largestStoredWidth(image.width), image.format);
        if (file) yield Buffer.from(file.data);
      })(),
    );
    zip.addReadStream(bytes, index[i]!.file, { mtime: now, compress: false });
  }
  zip.end();
  return counts;
}
