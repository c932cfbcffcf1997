import type { Db } from '../../db/database.ts';
import { listImportedItems } from '../../db/queries/imports.ts';
import { listPostSlugsAndTitles } from '../../db/queries/blogs.ts';
import { listStoredWords } from '../../db/queries/site-words.ts';
import { tagKey } from '../../shared/blog.ts';
import { isAbsoluteTarget, normaliseRedirectPath } from '../../shared/redirects.ts';
import { IMPORT_MESSAGES, type ImportSummary } from '../../shared/import-messages.ts';
import { htmlToText, hasVisibleContent } from '../../shared/read-time.ts';
import { POST_EXCERPT_MAX, POST_TITLE_MAX } from '../../shared/schemas/blog-post.ts';
import { slugify } from '../../shared/slug.ts';
import { type CustomPageWords, RESERVED_ADDRESSES, isCustomPageKey } from '../../shared/site-words.ts';
import { mediaSourceId } from './archive-import.ts';
import type { ImportSource, SourceItem, SourceRedirect } from './import-source.ts';

/** An excerpt made from the body when the file has none: its first words. */
const MADE_EXCERPT = 300;

/** An item that will be written, with the address it gets here. */
export interface PlannedItem {
  item: SourceItem;
  /** A post's slug, or a page's address. */
  address: string;
  title: string;
  excerpt: string;
}

export interface ImportPlan {
  source: ImportSource;
  items: PlannedItem[];
  /** Every image address the items name (featured and in their bodies), once each. */
  images: string[];
  redirects: SourceRedirect[];
  summary: ImportSummary;
}

/** `text` cut to `max` characters at a word, with an ellipsis when cut. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** The absolute addresses of the images an HTML body shows. */
export function bodyImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)]
    .map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&').trim())
    .filter((src) => /^https?:\/\//i.test(src) || (src.startsWith('/') && !src.startsWith('/media/') && !src.startsWith('//')));
}

/** `base`, else `base-2`, `base-3`…: the first one not taken (a lookup each, however many items there are). */
function freeAddress(base: string, isTaken: (candidate: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 2; ; n += 1) if (!isTaken(`${base}-${n}`)) return `${base}-${n}`;
}

/** The new address of a post or page, which its old addresses answer 301 with. */
export function newAddress(planned: Pick<PlannedItem, 'address'> & { item: Pick<SourceItem, 'type'> }): string {
  return planned.item.type === 'post' ? `/blog/${planned.address}` : `/${planned.address}`;
}

/** The page addresses in use: each page staff made, drafted or published, with its title. */
async function pageAddresses(db: Db): Promise<Map<string, string>> {
  const taken = new Map<string, string>();
  for (const row of await listStoredWords(db)) {
    if (!isCustomPageKey(row.key)) continue;
    for (const words of [row.published, row.draft] as Array<Partial<CustomPageWords> | null>) {
      if (words?.address) taken.set(words.address, words.title ?? '');
    }
  }
  return taken;
}

/**
 * What importing `source` would do, read from the database as it is now (docs/product.md#import): items imported
 * before (by their id there, or by the same address and title here) are left out, an address another post or page
 * has gets the next free one, and each public item's old addresses are to answer 301 with its new one.
 */
export async function planImport(db: Db, source: ImportSource, fileName: string): Promise<ImportPlan> {
  const [imported, posts, pages] = await Promise.all([
    listImportedItems(db, source.sourceKey),
    listPostSlugsAndTitles(db),
    pageAddresses(db),
  ]);
  const summary: ImportSummary = {
    kind: source.kind,
    fileName,
    siteTitle: source.siteTitle,
    siteUrl: source.siteUrl,
    counts: { posts: 0, pages: 0, tags: 0, images: 0, redirects: 0 },
    statuses: { published: 0, scheduled: 0, drafts: 0 },
    content: source.content,
    alreadyImported: 0,
    renamed: [],
    skipped: [...source.skipped],
    missingImages: [],
    skippedRedirects: [],
    bylineFallbacks: 0,
    restored: [],
  };
  const items: PlannedItem[] = [];
  const tags = new Set<string>();
  const images = new Set<string>();
  const redirects: SourceRedirect[] = [];
  for (const item of source.items) {
    const title = cut(item.title, POST_TITLE_MAX);
    if (imported.has(item.sourceId)) {
      summary.alreadyImported += 1;
      continue;
    }
    if (!hasVisibleContent(item.html)) {
      summary.skipped.push({ title, reason: IMPORT_MESSAGES.skip.empty });
      continue;
    }
    const isPost = item.type === 'post';
    const taken = isPost ? posts : pages;
    const base = slugify(item.slug) || slugify(title) || item.type;
    // The same address and title here: this item came in before the record of imports (or from another copy).
    if (taken.get(base) === title) {
      summary.alreadyImported += 1;
      continue;
    }
    const address = freeAddress(base, (candidate) => taken.has(candidate) || (!isPost && RESERVED_ADDRESSES.has(candidate)));
    if (address !== base) summary.renamed.push({ title, from: newAddress({ address: base, item }), to: newAddress({ address, item }) });
    taken.set(address, title);
    const excerpt = cut(htmlToText(item.excerpt) || htmlToText(item.html), item.excerpt ? POST_EXCERPT_MAX : MADE_EXCERPT);
    const planned: PlannedItem = { item, address, title, excerpt };
    items.push(planned);
    if (isPost) {
      summary.counts.posts += 1;
      summary.statuses[item.status === 'published' ? 'published' : item.status === 'scheduled' ? 'scheduled' : 'drafts'] += 1;
      for (const tag of item.tags) tags.add(tagKey(tag));
      if (!item.author) summary.bylineFallbacks += 1;
    } else summary.counts.pages += 1;
    for (const src of [item.featuredImage, ...bodyImages(item.html)]) if (src) images.add(src);
    // A draft was never at a public address, and its new one answers 404 until it is published.
    const isPublic = isPost ? item.status !== 'draft' : item.status === 'published';
    if (isPublic) for (const from of item.oldPaths) redirects.push({ from, to: newAddress(planned), status: 301 });
  }
  for (const r of source.redirects) redirects.push(r);
  // Each old address once, in the form the redirects are stored in; one that already is the new address is no redirect.
  const unique = new Map<string, SourceRedirect>();
  for (const r of redirects) {
    const from = normaliseRedirectPath(r.from);
    if (from !== normaliseRedirectPath(r.to) && !unique.has(from)) unique.set(from, { ...r, from });
  }
  // A redirect the file lists to another old address goes straight to where that one goes: one hop, never a chain.
  for (const r of unique.values()) {
    const next = isAbsoluteTarget(r.to) ? undefined : unique.get(normaliseRedirectPath(r.to));
    if (next && next !== r) r.to = next.to;
  }
  summary.counts.tags = tags.size;
  // An archive brings its media library whole, but the images a previous import of it brought in.
  summary.counts.images = source.archive ? source.archive.media.filter((m) => !imported.has(mediaSourceId(m.id))).length : images.size;
  summary.counts.redirects = unique.size;
  return { source, items, images: [...images], redirects: [...unique.values()], summary };
}
