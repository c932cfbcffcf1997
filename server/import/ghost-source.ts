import { readFile } from 'node:fs/promises';
import { tagPath } from '../../shared/blog.ts';
import { IMPORT_MESSAGES, IMPORT_TEXT } from '../../shared/import-messages.ts';
import { htmlToText } from '../../shared/read-time.ts';
import { AppError } from '../core/errors.ts';
import type { ImportSource, SourceRedirect } from './import-source.ts';
import { noContentChanges } from './wp-content.ts';

type Row = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((r): r is Row => Boolean(r) && typeof r === 'object') : []);

function refused(message: string): AppError {
  return new AppError('INVALID_ARGUMENT', message);
}

/** Whether JSON.parse stopped because the text ran out (a cut-off file) rather than at a wrong character. */
function endsEarly(message: string, text: string): boolean {
  if (/end of (JSON )?input|Unterminated/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message)?.[1];
  return at !== undefined && Number(at) >= text.trimEnd().length;
}

/** Ghost's export: `{db: [{meta, data}]}` from the admin, or `{meta, data}` from the API. */
function dataOf(json: unknown): { data: Row; redirects: unknown } | null {
  if (!json || typeof json !== 'object') return null;
  const top = json as Row;
  const db = Array.isArray(top.db) ? (top.db[0] as Row | undefined) : top;
  const data = db?.data;
  if (!data || typeof data !== 'object' || !Array.isArray((data as Row).posts)) return null;
  return { data: data as Row, redirects: (data as Row).redirects ?? top.redirects };
}

/** Ghost's redirects (its redirects.json: `{from, to, permanent}`), kept when they name paths of this site or the web. */
function ghostRedirects(value: unknown): SourceRedirect[] {
  return rows(value)
    .filter((r) => str(r.from) && str(r.to))
    .map((r) => ({ from: str(r.from), to: str(r.to), status: r.permanent === false ? 302 : 301 }));
}

/**
 * Reads a Ghost JSON export (docs/product.md#import): posts and pages (`type`, or the `page` flag of older
 * versions), their tags and authors through `posts_tags` and `posts_authors` (or `author_id`), the featured
 * image, the body from `html` (Ghost keeps it beside lexical/mobiledoc), and the file's `redirects` when present.
 */
export async function readGhost(path: string): Promise<ImportSource> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw refused(endsEarly((err as Error).message, text) ? IMPORT_MESSAGES.truncated : IMPORT_MESSAGES.badJson);
  }
  const found = dataOf(json);
  if (!found) throw refused(IMPORT_MESSAGES.notAnExport);
  const { data } = found;
  const tags = new Map(rows(data.tags).map((t) => [str(t.id), { name: str(t.name), slug: str(t.slug) }]));
  const users = new Map(rows(data.users).map((u) => [str(u.id), str(u.name)]));
  const tagsOf = new Map<string, string[]>();
  for (const pt of rows(data.posts_tags).sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))) {
    const name = tags.get(str(pt.tag_id))?.name;
    // Ghost's internal tags (#name) organise the theme, not the reader.
    if (name && !name.startsWith('#')) tagsOf.set(str(pt.post_id), [...(tagsOf.get(str(pt.post_id)) ?? []), name]);
  }
  const authorOf = new Map<string, string>();
  for (const pa of rows(data.posts_authors).sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))) {
    if (!authorOf.has(str(pa.post_id))) authorOf.set(str(pa.post_id), users.get(str(pa.author_id)) ?? '');
  }
  const settings = new Map(rows(data.settings).map((s) => [str(s.key), str(s.value)]));
  const source: ImportSource = {
    kind: 'ghost',
    siteTitle: settings.get('title') ?? '',
    siteUrl: '',
    sourceKey: `ghost:${settings.get('title') ?? ''}`,
    items: [],
    skipped: [],
    redirects: ghostRedirects(found.redirects),
    content: noContentChanges(),
  };
  for (const post of rows(data.posts)) {
    const id = str(post.id);
    const type = str(post.type) || (post.page === true || post.page === 1 ? 'page' : 'post');
    const title = str(post.title).trim() || IMPORT_TEXT.untitled;
    if (type !== 'post' && type !== 'page') {
      source.skipped.push({ title, reason: IMPORT_MESSAGES.skip.type(type) });
      continue;
    }
    const status = str(post.status);
    const html = str(post.html);
    const slug = str(post.slug);
    const date =
      str(post.published_at) && !Number.isNaN(Date.parse(str(post.published_at))) ? new Date(str(post.published_at)).toISOString() : null;
    source.items.push({
      sourceId: id,
      type,
      title,
      slug,
      excerpt: str(post.custom_excerpt).trim() || str(post.excerpt).trim(),
      html: html || (str(post.plaintext) ? `<p>${htmlToText(str(post.plaintext))}</p>` : ''),
      status: status === 'published' ? 'published' : status === 'scheduled' ? 'scheduled' : 'draft',
      date,
      author: authorOf.get(id) || users.get(str(post.author_id)) || null,
      tags: tagsOf.get(id) ?? [],
      featuredImage: str(post.feature_image) || null,
      featuredImageAlt: str(post.feature_image_alt) || null,
      // Ghost's default permalink is /{slug}/.
      oldPaths: slug ? [`/${slug}/`] : [],
    });
  }
  for (const tag of tags.values())
    if (tag.slug && !tag.name.startsWith('#')) source.redirects.push({ from: `/tag/${tag.slug}/`, to: tagPath(tag.name), status: 301 });
  // Ghost's feed, /rss/, needs no redirect: the site answers it itself with a 301 to /rss.xml (server/blog/feeds.ts).
  return source;
}
