import type sharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { IMAGE_FORMATS, IMAGE_MAX_PIXELS, type ImageFormat, largestStoredWidth, scaledHeight, storedWidths } from '../../shared/images.ts';
import { imageTooManyPixels, refuseImage } from './image-check.ts';

/**
 * sharp and libvips are loaded with the first upload, not at start: ~25 MB of native libraries and their
 * buffers that a process serving pages never needs (docs/decisions/020-cache-hit-path.md).
 *
 * sharp's defaults are a libvips thread per core for each image (one on glibc Linux, where it fears
 * fragmentation; every core on musl, as in Alpine images) and a 50 MB cache of recent operations. Uploads are
 * decoded one at a time (upload-budget.ts) and never repeat, so one thread per image and no cache: a decode holds
 * one image's memory, and it is freed when the decode ends. Process-wide, set once when sharp loads.
 */
let loaded: Promise<typeof sharpModule> | undefined;
function loadSharp(): Promise<typeof sharpModule> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}

export interface ImageVariant {
  width: number;
  format: ImageFormat;
  contentType: string;
  data: Uint8Array;
}

export interface ResizedImage {
  /** The original's size, upright. */
  width: number;
  height: number;
  /** The height at the largest stored width. */
  largestHeight: number;
  variants: ImageVariant[];
}

/** Encoder settings: good enough for photographs on a web page, small for phones. */
function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 });
    case 'jpeg':
      return image.jpeg({ quality: 82, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 8, adaptiveFiltering: true });
    case 'gif':
      return image.gif();
  }
}

/** An upload's picture size, upright. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Animated GIF and WebP are read with every frame: each counts towards the pixel limit, and each is kept. */
const isAnimated = (format: ImageFormat) => format === 'gif' || format === 'webp';

/**
 * The picture's size, upright (by its EXIF orientation), from its header alone: nothing is decoded, so a picture
 * over IMAGE_MAX_PIXELS (all its frames together) is refused for the price of reading a few bytes. Bytes with no
 * readable header are refused too.
 */
export async function readImageSize(bytes: Uint8Array, format: ImageFormat): Promise<ImageSize> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // No pixel limit here: sharp would refuse with its own words; the check below says it in the editor's.
    meta = await sharp(bytes, { animated: isAnimated(format), limitInputPixels: false }).metadata();
  } catch {
    throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  }
  const sideways = (meta.orientation ?? 1) >= 5;
  const frameHeight = meta.pageHeight ?? meta.height;
  const width = sideways ? frameHeight : meta.width;
  const height = sideways ? meta.width : frameHeight;
  if (!width || !height) throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  if (width * height * (meta.pages ?? 1) > IMAGE_MAX_PIXELS) throw imageTooManyPixels();
  return { width, height };
}

/**
 * Every stored copy of an upload of `size` (readImageSize): each width of storedWidths in WebP and in the original
 * format (one set when the original is WebP). Turned upright by its EXIF orientation; metadata (camera, place) is
 * not copied. Animated GIF and WebP stay animated. Bytes that do not decode are refused; sharp holds
 * IMAGE_MAX_PIXELS too, as a second guard.
 */
export async function resizeImage(bytes: Uint8Array, format: ImageFormat, { width, height }: ImageSize): Promise<ResizedImage> {
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { animated: isAnimated(format), limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  const largest = largestStoredWidth(width);
  const formats: ImageFormat[] = format === 'webp' ? ['webp'] : ['webp', format];
  try {
    // One copy at a time: each decodes the original again, and side by side they would hold six decodes' memory
    // (twice the peak of one after the other, for no time saved with one thread per image).
    const variants: ImageVariant[] = [];
    for (const w of storedWidths(largest)) {
      for (const f of formats) {
        const data = await encode(open().autoOrient().resize({ width: w, withoutEnlargement: true }), f).toBuffer();
        variants.push({ width: w, format: f, contentType: IMAGE_FORMATS[f].type, data });
      }
    }
    return { width, height, largestHeight: scaledHeight({ width, height }, largest), variants };
  } catch {
    throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  }
}

/**
 * Square PNG copies of a stored copy, one per size (the favicon's sizes, shared/images.ts ICON_SIZES): a stored copy
 * is already upright and stripped, and one frame is enough for an icon.
 */
export async function iconPngs(bytes: Uint8Array, sizes: readonly number[]): Promise<ImageVariant[]> {
  const sharp = await loadSharp();
  const variants: ImageVariant[] = [];
  try {
    for (const size of sizes) {
      const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).resize({
        width: size,
        height: size,
        fit: 'cover',
      });
      variants.push({ width: size, format: 'png', contentType: IMAGE_FORMATS.png.type, data: await encode(image, 'png').toBuffer() });
    }
  } catch {
    throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  }
  return variants;
}
