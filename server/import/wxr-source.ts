import { createReadStream } from 'node:fs';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { type SaxesTagPlain, SaxesParser } from 'saxes';
import { IMPORT_MESSAGES, IMPORT_TEXT } from '../../shared/import-messages.ts';
import { tagPath } from '../../shared/blog.ts';
import { AppError } from '../core/errors.ts';
import { type ImportSource, type SourceItem, oldPath } from './import-source.ts';
import { type Attachment, cleanWordPressBody, noContentChanges } from './wp-content.ts';

/** One `<item>` as the file has it, before its body is cleaned (attachments may come after the posts using them). */
interface RawItem {
  fields: Record<string, string>;
  categories: Array<{ domain: string; nicename: string; name: string }>;
  meta: Record<string, string>;
}

/** A category or tag: its archive was at `/category/<slug>/` or `/tag/<slug>/`. */
interface Term {
  domain: string;
  slug: string;
  name: string;
}

/** The taxonomies whose terms become tags here; others on a post (a post format, a plugin's) are not categories. */
const TAG_DOMAINS = new Set(['category', 'post_tag']);

/** How much of the file is handed to the parser at a time; between two, other requests are served. */
const CHUNK_BYTES = 64 * 1024;

function refused(message: string): AppError {
  return new AppError('INVALID_ARGUMENT', message);
}

/** `2024-03-01 09:30:00` (WordPress's GMT columns) as ISO, or null for an empty or zero date. */
function gmtDate(value: string | undefined): string | null {
  if (!value || value.startsWith('0000')) return null;
  const time = Date.parse(`${value.trim().replace(' ', 'T')}Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A WordPress slug as stored (percent-encoded for non-ASCII): decoded when it can be. */
function decodedSlug(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Reads a WordPress export (WXR 1.1/1.2) from a file, a chunk at a time. No DTD is processed: a file that declares
 * a DOCTYPE is refused (a WordPress export never has one), so no entity, external or nested, is ever expanded
 * (docs/decisions/028-import-parsers.md).
 */
export async function readWxr(path: string): Promise<ImportSource> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  let text = '';
  let failure: AppError | null = null;
  const channel: Record<string, string> = {};
  const authors = new Map<string, string>();
  const terms: Term[] = [];
  /** A child category's parent, by slug: WordPress's archive of a child is at `/category/<parent>/<child>/`. */
  const categoryParents = new Map<string, string>();
  let author: Record<string, string> | null = null;
  let term: Record<string, string> | null = null;
  let item: RawItem | null = null;
  let category: { domain: string; nicename: string } | null = null;
  let meta: Record<string, string> | null = null;
  const items: RawItem[] = [];
  let sawRss = false;
  let sawWxrVersion = false;

  parser.on('error', (err) => {
    failure ??= refused(IMPORT_MESSAGES.badXml(err.message.replace(/^[^:]*:\d+:\d+: /, `line ${parser.line}: `)));
  });
  parser.on('doctype', () => {
    failure ??= refused(IMPORT_MESSAGES.doctype);
  });
  parser.on('text', (t) => (text += t));
  parser.on('cdata', (t) => (text += t));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (stack.length === 0) sawRss = name === 'rss';
    stack.push(name);
    text = '';
    if (name === 'item') item = { fields: {}, categories: [], meta: {} };
    else if (name === 'wp:author') author = {};
    else if (name === 'wp:category' || name === 'wp:tag') term = {};
    else if (name === 'category' && item)
      category = { domain: String(tag.attributes.domain ?? ''), nicename: String(tag.attributes.nicename ?? '') };
    else if (name === 'wp:postmeta' && item) meta = {};
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    stack.pop();
    const parent = stack.at(-1);
    const value = text;
    text = '';
    if (name === 'wp:wxr_version') sawWxrVersion = true;
    if (name === 'item' && item) {
      items.push(item);
      item = null;
    } else if (name === 'wp:author' && author) {
      if (author['wp:author_login']) authors.set(author['wp:author_login'], author['wp:author_display_name'] || author['wp:author_login']);
      author = null;
    } else if ((name === 'wp:category' || name === 'wp:tag') && term) {
      const slug = term['wp:category_nicename'] ?? term['wp:tag_slug'];
      const termName = term['wp:cat_name'] ?? term['wp:tag_name'] ?? '';
      if (slug && termName) terms.push({ domain: name === 'wp:tag' ? 'post_tag' : 'category', slug: decodedSlug(slug), name: termName });
      if (slug && term['wp:category_parent']) categoryParents.set(decodedSlug(slug), decodedSlug(term['wp:category_parent']));
      term = null;
    } else if (name === 'category' && item && category) {
      item.categories.push({ ...category, name: value.trim() });
      category = null;
    } else if (name === 'wp:postmeta' && item && meta) {
      if (meta['wp:meta_key']) item.meta[meta['wp:meta_key']] = meta['wp:meta_value'] ?? '';
      meta = null;
    } else if (meta && parent === 'wp:postmeta') meta[name] = value;
    else if (item && parent === 'item') item.fields[name] = value;
    else if (author && parent === 'wp:author') author[name] = value.trim();
    else if (term && (parent === 'wp:category' || parent === 'wp:tag')) term[name] = value.trim();
    else if (parent === 'channel') channel[name] = value.trim();
  });

  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES, encoding: 'utf8' });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(chunk);
      if (failure) throw failure;
      if (!sawRss && stack.length > 0) throw refused(IMPORT_MESSAGES.notAnExport);
      await yieldToOthers();
    }
    parser.close();
  } finally {
    stream.destroy();
  }
  if (failure) throw stack.length > 0 ? refused(IMPORT_MESSAGES.truncated) : failure;
  if (!sawRss || !sawWxrVersion) throw refused(IMPORT_MESSAGES.notAnExport);
  return toSource(channel, authors, terms, categoryParents, items);
}

/** The file's items as the import's one shape: bodies cleaned, attachments resolved, old addresses listed. */
function toSource(
  channel: Record<string, string>,
  authors: ReadonlyMap<string, string>,
  terms: Term[],
  categoryParents: ReadonlyMap<string, string>,
  items: RawItem[],
): ImportSource {
  const siteUrl = channel['wp:base_blog_url'] || channel.link || '';
  const attachments = new Map<string, Attachment>();
  for (const raw of items) {
    const url = raw.fields['wp:attachment_url'];
    if (raw.fields['wp:post_type'] === 'attachment' && url)
      attachments.set(raw.fields['wp:post_id'] ?? '', { url: url.trim(), alt: (raw.meta._wp_attachment_image_alt ?? '').trim() });
  }
  const content = noContentChanges();
  const source: ImportSource = {
    kind: 'wordpress',
    siteTitle: channel.title ?? '',
    siteUrl,
    sourceKey: `wordpress:${siteUrl}`,
    items: [],
    skipped: [],
    redirects: [],
    content,
  };
  // Each archive once, by its old address; "Uncategorized" is WordPress's default, not a tag anyone chose.
  const archives = new Map<string, string>();
  const addArchive = ({ domain, slug, name }: Term) => {
    if (slug === 'uncategorized' || !TAG_DOMAINS.has(domain)) return;
    if (domain === 'post_tag') {
      archives.set(`/tag/${slug}/`, name);
      return;
    }
    // WordPress answers a child category at its slug alone too, but links (and so search engines know) its full path.
    const path = [slug];
    for (let parent = categoryParents.get(slug); parent && !path.includes(parent); parent = categoryParents.get(parent))
      path.unshift(parent);
    archives.set(`/category/${slug}/`, name);
    archives.set(`/category/${path.join('/')}/`, name);
  };
  for (const raw of items) {
    const f = raw.fields;
    const type = f['wp:post_type'] ?? '';
    const title = (f.title ?? '').trim();
    if (type === 'attachment') continue;
    if (type !== 'post' && type !== 'page') {
      source.skipped.push({ title: title || type, reason: IMPORT_MESSAGES.skip.type(type) });
      continue;
    }
    const status = f['wp:status'] ?? '';
    if (status === 'trash' || status === 'auto-draft') {
      source.skipped.push({
        title: title || IMPORT_TEXT.untitled,
        reason: status === 'trash' ? IMPORT_MESSAGES.skip.trash : IMPORT_MESSAGES.skip.autoDraft,
      });
      continue;
    }
    const id = f['wp:post_id'] ?? '';
    const tags = [
      ...new Set(raw.categories.filter((c) => TAG_DOMAINS.has(c.domain) && c.nicename !== 'uncategorized').map((c) => c.name)),
    ].filter(Boolean);
    for (const c of raw.categories) if (c.nicename && c.name) addArchive({ domain: c.domain, slug: decodedSlug(c.nicename), name: c.name });
    const thumbnail = raw.meta._thumbnail_id ? attachments.get(raw.meta._thumbnail_id) : undefined;
    const link = oldPath(f.link);
    const item: SourceItem = {
      sourceId: id,
      type,
      title: title || IMPORT_TEXT.untitled,
      slug: decodedSlug((f['wp:post_name'] ?? '').trim()),
      excerpt: (f['excerpt:encoded'] ?? '').trim(),
      html: cleanWordPressBody(f['content:encoded'] ?? '', attachments, content),
      status: status === 'publish' ? 'published' : status === 'future' ? 'scheduled' : 'draft',
      date: gmtDate(f['wp:post_date_gmt']) ?? (status === 'publish' || status === 'future' ? gmtDate(f['wp:post_date']) : null),
      author: authors.get((f['dc:creator'] ?? '').trim()) ?? ((f['dc:creator'] ?? '').trim() || null),
      tags,
      featuredImage: thumbnail?.url ?? null,
      featuredImageAlt: thumbnail?.alt || null,
      oldPaths: [link, `/?${type === 'page' ? 'page_id' : 'p'}=${id}`].filter((p): p is string => Boolean(p)),
    };
    source.items.push(item);
  }
  for (const t of terms) addArchive(t);
  for (const [from, name] of archives) source.redirects.push({ from, to: tagPath(name), status: 301 });
  // WordPress's feed, /feed/, needs no redirect: the site answers it itself with a 301 to /rss.xml (server/blog/feeds.ts).
  return source;
}
