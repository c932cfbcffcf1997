import sharp, { type Metadata, type Sharp } from 'sharp';
import { EDITOR_MESSAGES } from '../../shared/messages.ts';
import { IMAGE_FORMATS, IMAGE_MAX_PIXELS, type ImageFormat, largestStoredWidth, storedWidths } from '../../shared/images.ts';
import { refuseImage } from './image-check.ts';

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

/**
 * Every stored copy of an upload: each width of storedWidths in WebP and in the original format (one set when the
 * original is WebP). Turned upright by its EXIF orientation; metadata (camera, place) is not copied. Animated GIF and
 * WebP stay animated. Bytes that do not decode, or a picture over IMAGE_MAX_PIXELS, are refused.
 */
export async function resizeImage(bytes: Uint8Array, format: ImageFormat): Promise<ResizedImage> {
  const animated = format === 'gif' || format === 'webp';
  const open = () => sharp(bytes, { animated, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch {
    throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  }
  const sideways = (meta.orientation ?? 1) >= 5;
  const frameHeight = meta.pageHeight ?? meta.height;
  const width = sideways ? frameHeight : meta.width;
  const height = sideways ? meta.width : frameHeight;
  if (!width || !height) throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  if (width * height * (meta.pages ?? 1) > IMAGE_MAX_PIXELS) throw refuseImage(EDITOR_MESSAGES.imageTooManyPixels);

  const largest = largestStoredWidth(width);
  const formats: ImageFormat[] = format === 'webp' ? ['webp'] : ['webp', format];
  try {
    const variants = await Promise.all(
      storedWidths(largest).flatMap((w) =>
        formats.map(async (f): Promise<ImageVariant> => {
          const data = await encode(open().autoOrient().resize({ width: w, withoutEnlargement: true }), f).toBuffer();
          return { width: w, format: f, contentType: IMAGE_FORMATS[f].type, data };
        }),
      ),
    );
    return { width, height, largestHeight: Math.round((height * largest) / width), variants };
  } catch {
    throw refuseImage(EDITOR_MESSAGES.imageUnreadable);
  }
}
