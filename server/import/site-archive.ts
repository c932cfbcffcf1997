import { IMPORT_MESSAGES } from '../../shared/import-messages.ts';
import { NAVIGATION_KEY, isCustomPageKey } from '../../shared/site-words.ts';
import { AppError } from '../core/errors.ts';
import type { ArchiveWords, ImportSource, SourceItem, SourceRedirect } from './import-source.ts';
import type { SafeZip } from './safe-zip.ts';
import { noContentChanges } from './wp-content.ts';

/** The newest archive format this site reads (docs/export-format.md). */
const FORMAT_VERSION = 1;

type Row = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((r): r is Row => Boolean(r) && typeof r === 'object') : []);

function refused(message: string): AppError {
  return new AppError('INVALID_ARGUMENT', message);
}

async function readJson(zip: SafeZip, name: string): Promise<unknown> {
  if (!zip.names.includes(name)) throw refused(IMPORT_MESSAGES.notAnExport);
  try {
    return JSON.parse((await zip.read(name)).toString('utf8')) as unknown;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused(IMPORT_MESSAGES.zipBroken);
  }
}

/** Whether a zip is this site's archive: it has the manifest (read by `readSiteArchive`). */
export function isSiteArchive(zip: SafeZip): boolean {
  return zip.names.includes('manifest.json');
}

/**
 * Reads this site's own export archive (docs/export-format.md) into the import's shape: its posts and the pages
 * staff made as items (their old slugs as old addresses), its redirects, and the rest (built-in pages' words, the
 * navigation, the settings, the media files) for the import to write as they were.
 */
export async function readSiteArchive(zip: SafeZip): Promise<ImportSource> {
  const manifest = (await readJson(zip, 'manifest.json')) as Row;
  if (manifest?.format !== 'site-export') throw refused(IMPORT_MESSAGES.notAnExport);
  if (Number(manifest.formatVersion) > FORMAT_VERSION) throw refused(IMPORT_MESSAGES.newerArchive(Number(manifest.formatVersion)));
  const site = (manifest.site ?? {}) as Row;
  const [posts, pages, navigation, settings, redirects, media] = await Promise.all([
    readJson(zip, 'posts.json'),
    readJson(zip, 'pages.json'),
    readJson(zip, 'navigation.json'),
    readJson(zip, 'settings.json'),
    readJson(zip, 'redirects.json'),
    readJson(zip, 'media/index.json'),
  ]);
  const items: SourceItem[] = rows(posts).map((p) => {
    const featured = p.featuredImage as { src?: unknown; alt?: unknown } | null;
    const status = str(p.status);
    return {
      sourceId: str(p.id),
      type: 'post',
      title: str(p.title),
      slug: str(p.slug),
      excerpt: str(p.excerpt),
      html: str(p.contentHtml),
      status: status === 'published' || status === 'scheduled' ? status : 'draft',
      date: str(p.publishedAt) || null,
      author: str(p.author) || null,
      tags: Array.isArray(p.tags) ? p.tags.map(str).filter(Boolean) : [],
      featuredImage: str(featured?.src) || null,
      featuredImageAlt: typeof featured?.alt === 'string' ? featured.alt : null,
      oldPaths: (Array.isArray(p.oldSlugs) ? p.oldSlugs.map(str) : []).filter(Boolean).map((old) => `/blog/${old}`),
    };
  });
  const words: ArchiveWords[] = [];
  for (const page of rows(pages)) {
    const key = str(page.key);
    const entry = { key, published: page.published ?? null, publishedAt: str(page.publishedAt) || null, draft: page.draft ?? null };
    if (!isCustomPageKey(key)) {
      words.push(entry);
      continue;
    }
    const own = (entry.published ?? entry.draft) as Row | null;
    if (!own) continue;
    items.push({
      sourceId: key,
      type: 'page',
      title: str(own.title),
      slug: str(own.address),
      excerpt: str(own.metaDescription),
      html: str(own.body),
      status: entry.published ? 'published' : 'draft',
      date: entry.publishedAt,
      author: null,
      tags: [],
      featuredImage: str(own.socialImage) || null,
      featuredImageAlt: null,
      oldPaths: [],
      pageWords: own,
    });
  }
  const nav = (navigation ?? {}) as Row;
  if (nav.published || nav.draft)
    words.push({ key: NAVIGATION_KEY, published: nav.published ?? null, publishedAt: null, draft: nav.draft ?? null });
  const url = str(site.url);
  return {
    kind: 'archive',
    siteTitle: str(site.name),
    siteUrl: url,
    sourceKey: `archive:${url}`,
    items,
    skipped: [],
    redirects: rows(redirects).map((r): SourceRedirect => ({ from: str(r.from), to: str(r.to), status: r.status === 302 ? 302 : 301 })),
    content: noContentChanges(),
    archive: {
      words,
      settings,
      media: rows(media).map((m) => ({
        id: str(m.id),
        file: str(m.file),
        fileName: str(m.fileName),
        contentType: str(m.contentType),
        alt: str(m.alt),
      })),
    },
  };
}
