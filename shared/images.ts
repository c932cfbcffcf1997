/*
 * Uploaded images: the rules the editor, the upload endpoint, the sanitiser and the public pages share. An upload
 * is stored at a few widths, each in WebP and in its own format, at stable addresses that say everything a page
 * needs to build `srcset` without asking the database: `/media/<id>/<width>.<ext>`, where <width> in a post is
 * the largest stored width.
 */
import { UUID_SOURCE } from './ids.ts';

/** The widths an upload is resized to (never enlarged: a narrower original is also kept at its own width). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** Largest upload accepted. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Largest picture accepted in pixels (width × height, all frames together): 25 megapixels, a 6000 × 4000 camera
 * photo with room to spare. A small file can say it is huge: this bounds what decoding it costs (100 MB as RGBA).
 */
export const IMAGE_MAX_PIXELS = 25_000_000;

/** The longest description (alt text) an image may have, in the library and in a post. */
export const ALT_TEXT_MAX = 300;

/**
 * An image no post or setting uses is deleted this many days after it stopped being used (or was uploaded unused),
 * by the retention job; `UNUSED_IMAGE_DAYS` in the environment changes it (docs/product.md#limits).
 */
export const UNUSED_IMAGE_DAYS = 30;

/** The formats accepted, by the file extension the stored copies are served with. */
export const IMAGE_FORMATS = {
  png: { type: 'image/png', extensions: ['png'] },
  jpeg: { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { type: 'image/gif', extensions: ['gif'] },
  webp: { type: 'image/webp', extensions: ['webp'] },
} as const;

export type ImageFormat = keyof typeof IMAGE_FORMATS;

export function isImageFormat(value: string): value is ImageFormat {
  return Object.hasOwn(IMAGE_FORMATS, value);
}

/** What the file picker offers. */
export const IMAGE_ACCEPT = Object.values(IMAGE_FORMATS)
  .map((f) => f.type)
  .join(',');

/** An uploaded image as the editor gets it back: where it lives and its size at the largest stored width. */
export interface UploadedImage {
  id: string;
  /** The address a post stores: the largest width, in the original format. */
  src: string;
  width: number;
  height: number;
}

const UPLOADED = new RegExp(`^/media/(${UUID_SOURCE})/([1-9][0-9]{0,4})\\.(png|jpeg|gif|webp)$`);

/**
 * The ids of every uploaded image a text refers to (a post's HTML, its featured image, a settings document): each
 * `/media/<id>/` in it, once each. What counts as a use of an image (docs/product.md#media).
 */
export function mediaIdsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set(Array.from(text.matchAll(new RegExp(`/media/(${UUID_SOURCE})/`, 'g')), (m) => m[1]!))];
}

/** A picture's height when it is scaled to `to` pixels wide (how the stored copies are made). */
export function scaledHeight(size: { width: number; height: number }, to: number): number {
  return Math.round((size.height * to) / size.width);
}

/** The stored widths of an image whose largest stored width is `largest`. */
export function storedWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** The largest width an original of `width` pixels is stored at. */
export function largestStoredWidth(width: number): number {
  return Math.min(width, IMAGE_WIDTHS.at(-1)!);
}

export function imagePath(id: string, width: number, format: ImageFormat): string {
  return `/media/${id}/${width}.${format}`;
}

/**
 * The parts of an uploaded image's address, or null for any other address (external images, site artwork). In a
 * post, `width` is the largest stored width.
 */
export function parseUploadedImage(src: string): { id: string; width: number; format: ImageFormat } | null {
  const match = UPLOADED.exec(src);
  if (!match) return null;
  const width = Number(match[2]);
  if (width > IMAGE_WIDTHS.at(-1)!) return null;
  return { id: match[1]!, width, format: match[3] as ImageFormat };
}

/** Relative addresses are read from the site's root: only the path counts, and any origin would do. */
const SITE_ROOT = 'https://site.invalid';
/** What the server's image route answers: Express matches `/media` in any case and allows a trailing slash. */
const MEDIA_ROUTE = /^\/media\/([^/]+)\/([^/]+)\/?$/i;

/** The uploaded image a browser loads from `url`, read as the route reads it (its two parts percent-decoded). */
function imageLoadedFrom(url: URL): ReturnType<typeof parseUploadedImage> {
  const [, id, file] = MEDIA_ROUTE.exec(url.pathname) ?? [];
  if (!id || !file || !/^https?:$/.test(url.protocol)) return null;
  try {
    return parseUploadedImage(`/media/${decodeURIComponent(id)}/${decodeURIComponent(file)}`);
  } catch {
    return null;
  }
}

/**
 * An address as a save stores it (docs/product.md#media): one that loads an uploaded image, however it is written
 * (percent-encoded characters, `.` and `..` segments, `\` for `/`, `/MEDIA/`, a trailing slash), becomes
 * `/media/<id>/<width>.<ext>`, keeping its host when it names one, its query and its fragment; any other address
 * is left as it is. What counts as a use (`mediaIdsIn`) then sees every image a post shows.
 */
export function canonicalImageAddress(address: string): string {
  const url = URL.parse(address, SITE_ROOT);
  const image = url && imageLoadedFrom(url);
  if (!image) return address;
  const path = `${imagePath(image.id, image.width, image.format)}${url.search}${url.hash}`;
  if (url.origin === SITE_ROOT) return path;
  // `//host/…` is left for the sanitiser and the editor's rules to refuse, rather than given a scheme here.
  return URL.canParse(address) ? `${url.origin}${path}` : address;
}

/**
 * The favicon's sizes, each a square PNG made from the one image chosen in the settings and stored beside its other
 * copies (`/media/<id>/<size>.png`): 32 for browser tabs, 180 for iOS's home screen (apple-touch-icon), 192 for
 * Android's. The site has no web manifest, so no 512. The chosen image must be at least the largest, never enlarged.
 */
export const ICON_SIZES = { tab: 32, appleTouch: 180, android: 192 } as const;
/** The smallest favicon image accepted: ICON_SIZES.android, the largest made from it (a literal, so page scripts drop it). */
export const ICON_MIN = 192;

/** The head's links to the favicon's sizes, for the image at `favicon` (the settings' address of it). */
export function iconLinks(favicon: string): Array<{ rel: 'icon' | 'apple-touch-icon'; href: string; size: number }> {
  const image = parseUploadedImage(favicon);
  if (!image) return [];
  const at = (size: number) => imagePath(image.id, size, 'png');
  return [
    { rel: 'icon', href: at(ICON_SIZES.tab), size: ICON_SIZES.tab },
    { rel: 'icon', href: at(ICON_SIZES.android), size: ICON_SIZES.android },
    { rel: 'apple-touch-icon', href: at(ICON_SIZES.appleTouch), size: ICON_SIZES.appleTouch },
  ];
}

/**
 * The copy of an image the logo shows: its WebP copy 480 pixels wide (or its largest, when narrower), sharp on
 * every screen at the at most 200 pixels it is drawn (shared/logo.ts).
 */
export function logoCopy(id: string, largest: number): { src: string; width: number } {
  const width = Math.min(largest, IMAGE_WIDTHS[0]);
  return { src: imagePath(id, width, 'webp'), width };
}

/** Where an image sits on the public pages, as `sizes` says it to the browser. */
export const IMAGE_SIZES = {
  /** The post column (`.narrow`, 44rem) with the page's side padding on a phone. */
  post: '(min-width: 46rem) 44rem, calc(100vw - 2rem)',
  /** A blog card: one column on phones, two from 48rem, three from 72rem. */
  card: '(min-width: 72rem) 24rem, (min-width: 48rem) 50vw, 100vw',
} as const;

/**
 * `src`, `srcset` and `sizes` for an image: an uploaded one gets every stored width in WebP (what browsers choose)
 * and its largest original-format copy as `src` (for feed readers and sharing previews); any other address is
 * used as it is.
 */
export function responsiveImage(src: string, sizes: keyof typeof IMAGE_SIZES): { src: string; srcSet?: string; sizes?: string } {
  const uploaded = parseUploadedImage(src);
  if (!uploaded) return { src };
  const srcSet = storedWidths(uploaded.width)
    .map((w) => `${imagePath(uploaded.id, w, 'webp')} ${w}w`)
    .join(', ');
  return { src, srcSet, sizes: IMAGE_SIZES[sizes] };
}
