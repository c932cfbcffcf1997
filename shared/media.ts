import type { UploadedImage } from './images.ts';
import { type Role, can } from './roles.ts';

/*
 * The media library (docs/product.md#media): what the admin's Media page, the editor's image picker and the
 * server share. Its words are here rather than in shared/messages.ts because only the admin reads them: the
 * catalogue is in every public page's script (tests/integration/page-weight.test.ts).
 */

/**
 * Who may change an image's alt text or delete it (docs/product.md#roles): whoever may edit every post, or the
 * person who uploaded it. The server enforces it; the library shows its buttons by it.
 */
export function mayChangeImage(person: { role: Role; userId: string }, image: { uploadedBy: { id: string } | null }): boolean {
  return can(person.role, 'posts.edit-any') || image.uploadedBy?.id === person.userId;
}

/** Where an image is used: in a post's text, as its featured image, in the site settings, or in a page's words. */
export type ImageUsePlace = 'body' | 'featured' | 'settings' | 'page';

export interface ImageUse {
  place: ImageUsePlace;
  /** The post using it; null for the settings and pages. */
  post: { id: string; title: string } | null;
  /** The page whose words use it (a page staff made, by its title), for `place: 'page'`. */
  page?: { key: string; name: string };
}

/** An uploaded image as the library shows it; `src`, `width` and `height` are its largest stored copy's. */
export interface LibraryImage extends UploadedImage {
  fileName: string;
  /** Size of the file uploaded. */
  bytes: number;
  /** What the library keeps of it: every width and format together (the library's total adds these up). */
  storedBytes: number;
  /** The picture as uploaded, upright. */
  originalWidth: number;
  originalHeight: number;
  /** Offered wherever the image is put in a post; empty until someone writes it. */
  alt: string;
  /** Null for images whose uploader is unknown (from a script). */
  uploadedBy: { id: string; name: string } | null;
  uploadedAt: string;
  /** Since when nothing uses it (null while something does): it is deleted UNUSED_IMAGE_DAYS later. */
  unusedSince: string | null;
  /** The uses in what the viewer may open: posts they may edit or read on the blog, the settings. */
  uses: ImageUse[];
  /** How many other posts use it (others' drafts, scheduled posts): counted, never named (docs/product.md#media). */
  hiddenUses: number;
}

/** The library's filter: every image, or only those nothing uses. */
export const MEDIA_FILTERS = ['all', 'unused'] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];

export interface MediaQuery {
  show?: MediaFilter;
  cursor?: string;
}

/** One page of the library, newest upload first, with the whole library's totals. */
export interface MediaPage {
  images: LibraryImage[];
  nextCursor: string | null;
  totals: { images: number; unused: number; storedBytes: number };
  /** How long an unused image is kept (UNUSED_IMAGE_DAYS as configured). */
  unusedDays: number;
}

/** The library's page size (one screen of cards at 1440 px, four rows of four). */
export const MEDIA_PAGE_SIZE = 24;

/** The filter a query's `show` names: anything but `unused` shows every image. */
export function mediaFilter(show: string | undefined): MediaFilter {
  return show === 'unused' ? 'unused' : 'all';
}

/** The address of a library view, for links and the pager. */
export function mediaQueryString(query: MediaQuery): string {
  const params = new URLSearchParams();
  if (query.show === 'unused') params.set('show', 'unused');
  if (query.cursor) params.set('cursor', query.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A number of bytes as people read it: "830 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

const images = (n: number) => (n === 1 ? '1 image' : `${n} images`);

/** Every word of the Media page, the picker and the featured image's alt text. */
export const MEDIA_TEXT = {
  title: 'Media',
  intro: (days: number) =>
    `Every image uploaded for the blog and the site. An image nothing uses is deleted ${days} days after it was last used (or uploaded).`,
  totals: (count: number, size: string) => `${images(count)}, ${size} stored (every width and format of each, as under “Stored”).`,
  filterLabel: 'Show',
  filters: { all: 'All images', unused: 'Unused' } satisfies Record<MediaFilter, string>,
  filterCount: (label: string, n: number) => `${label} (${n})`,
  uploadHeading: 'Upload images',
  dropHint: 'Drop images here, or choose them. You can upload several at once.',
  choose: 'Choose images',
  waitingFile: (name: string) => `${name}: waiting`,
  uploadingFile: (name: string) => `Uploading ${name}`,
  uploadedFile: (name: string) => `${name}: uploaded.`,
  uploadsDone: (done: number, failed: number) =>
    failed === 0 ? `${images(done)} uploaded.` : `${images(done)} uploaded, ${failed} refused: see why beside each.`,
  listLabel: 'Images',
  fileSize: 'File uploaded',
  storedSize: 'Stored',
  storedSizeValue: (size: string) => `${size}, every width and format`,
  dimensions: 'Dimensions',
  pixels: (width: number, height: number) => `${width} × ${height} px`,
  uploaded: 'Uploaded',
  uploadedBy: (name: string | null, when: string) => `${when} by ${name ?? 'someone unknown'}`,
  usedIn: 'Used in',
  otherUses: (n: number) => (n === 1 ? '1 other unpublished post or page' : `${n} other unpublished posts or pages`),
  notUsed: 'Not used anywhere.',
  deletedOn: (when: string) => `Deleted on ${when} unless it is used before then.`,
  use: {
    body: (title: string) => `${title} (in the text)`,
    featured: (title: string) => `${title} (featured image)`,
    settings: 'Site settings',
    page: (name: string) => `${name} (page)`,
  },
  alt: 'Alt text',
  altHint: 'Alt text says what an image shows, for people who cannot see it; it is offered whenever the image is put in a post.',
  altFor: (name: string) => `Alt text for ${name}`,
  saveAlt: 'Save alt text',
  altSaved: 'Alt text saved.',
  deleteQuestion: (name: string) => `Delete “${name}”? This cannot be undone.`,
  deleteConfirm: 'Yes, delete it',
  deleted: (name: string) => `“${name}” deleted.`,
  inUse: (name: string, uses: string[]) => `“${name}” is used in ${uses.join('; ')}. Remove it there first, then delete it.`,
  notYours: 'Only the person who uploaded this image, an Editor or an Administrator can change or delete it.',
  empty: 'No images uploaded yet.',
  emptyUnused: 'Every image is in use.',
  newest: 'Newest images',
  older: 'Older images',
  purged: (count: number, size: string, days: number) => `${images(count)} (${size}) unused for more than ${days} days deleted`,
  /** The editor's picker. */
  pickerLegend: 'Or choose from the media library',
  pickerEmpty: 'The library has no images yet.',
  pickerMore: 'Show more images',
  pickerLoading: 'Loading the library…',
  noAlt: 'no alt text yet',
  chooseFromLibrary: 'Choose from the media library',
  chooseFeatured: 'Choose a featured image',
  useImage: 'Use this image',
  chooseRequired: 'Choose an image, or upload one.',
  /** The featured image's own alt text (docs/product.md#blog-editor). */
  featuredAlt: 'Alt text',
  featuredAltHint:
    'What the image shows, for people who cannot see it. Also read out on the blog’s cards and shown where the post is shared.',
  decorative: 'This image is decorative: it adds nothing the title and text do not say',
} as const;

/** How a use reads in the library and in a refusal: "Cloud backups (featured image)", "Site settings", "Careers (page)". */
export function labelOfUse(use: ImageUse): string {
  if (use.place === 'settings') return MEDIA_TEXT.use.settings;
  if (use.place === 'page') return MEDIA_TEXT.use.page(use.page?.name ?? '');
  return MEDIA_TEXT.use[use.place](use.post?.title ?? '');
}

/** Every use as a refusal lists them: those the viewer may see, then how many others. */
export function labelsOfUses({ uses, hiddenUses }: Pick<LibraryImage, 'uses' | 'hiddenUses'>): string[] {
  return [...uses.map(labelOfUse), ...(hiddenUses > 0 ? [MEDIA_TEXT.otherUses(hiddenUses)] : [])];
}
