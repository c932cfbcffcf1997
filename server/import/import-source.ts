import type { ContentChanges, ImportKind, ImportSkip } from '../../shared/import-messages.ts';

/** A post or page as an export file holds it, before anything is decided about it. */
export interface SourceItem {
  /** Its id in the old site (WordPress post_id, Ghost id, the archive's id): what a second import matches. */
  sourceId: string;
  type: 'post' | 'page';
  title: string;
  /** As the old site had it (may be empty for a draft). */
  slug: string;
  excerpt: string;
  /** The body as HTML, block markup and shortcodes already turned into HTML (wp-content.ts). */
  html: string;
  status: 'published' | 'scheduled' | 'draft';
  /** ISO time it was (or will be) published; null for a draft never dated. */
  date: string | null;
  /** The author's display name, null when the file names none. */
  author: string | null;
  tags: string[];
  /** The featured image's address in the old site (or in the archive). */
  featuredImage: string | null;
  featuredImageAlt: string | null;
  /** Old addresses that should answer with this item: its permalink's path, `/?p=123`… */
  oldPaths: string[];
  /** A page's own words when the file has them all (this site's archive): kept as they are, but its address and body. */
  pageWords?: Record<string, unknown>;
}

export interface SourceRedirect {
  from: string;
  to: string;
  status: 301 | 302;
}

/** What an export file holds, in one shape whichever system wrote it. */
export interface ImportSource {
  kind: ImportKind;
  siteTitle: string;
  siteUrl: string;
  /** Names the old site in the record of what was imported, so ids of two different sites never match. */
  sourceKey: string;
  items: SourceItem[];
  skipped: ImportSkip[];
  /** Old addresses that are not one item's (tag and category archives, the feed) or that the file lists itself. */
  redirects: SourceRedirect[];
  content: ContentChanges;
  /** This site's own archive: its built-in words, settings and media files (site-archive.ts). */
  archive?: ArchiveContent;
}

/** A page's, a service's or the navigation's stored words, as the archive has them. */
export interface ArchiveWords {
  key: string;
  published: unknown;
  publishedAt: string | null;
  draft: unknown;
}

/** What only this site's own archive holds beside posts and pages: the built-in words, the settings, the media files. */
export interface ArchiveContent {
  words: ArchiveWords[];
  settings: unknown;
  media: Array<{ id: string; file: string; fileName: string; contentType: string; alt: string }>;
}

/** `/path?query` of an address in the old site, or null for none. Trailing slashes are kept as the old site wrote them. */
export function oldPath(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, 'http://old.invalid');
    const path = `${url.pathname}${url.search}`;
    return path === '/' ? null : path;
  } catch {
    return null;
  }
}
