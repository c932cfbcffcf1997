import { IMAGE_MAX_BYTES } from '../../shared/images.ts';
import { IMPORT_IMAGE_FETCH_TIMEOUT_MS, IMPORT_MESSAGES } from '../../shared/import-messages.ts';
import { AppError } from '../core/errors.ts';
import type { Actor } from '../audit/audit-log.ts';
import type { ImageService } from '../media/image-service.ts';
import type { SafeZip } from './safe-zip.ts';

const FAILED = IMPORT_MESSAGES.imageFailed;

/** An image that could not be brought in: its reason, in words, goes to the report. */
class ImageMissing extends Error {}

/** The file's name at the end of an address (`photo.jpg`), for the library. */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, 'http://old.invalid').pathname.split('/').pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
}

/** The body of an answer, up to `max` bytes: larger is refused as soon as it is seen (a lying Content-Length too). */
async function boundedBody(res: Response, max: number): Promise<Uint8Array> {
  if (Number(res.headers.get('content-length') ?? 0) > max) throw new ImageMissing(FAILED.tooLarge);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > max) throw new ImageMissing(FAILED.tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** An image from the old site, while it still answers: a bounded wait and size. */
async function fetchImage(url: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (!/^https?:\/\//i.test(url)) throw new ImageMissing(FAILED.address);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(IMPORT_IMAGE_FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new ImageMissing((err as Error).name === 'TimeoutError' ? FAILED.timeout : FAILED.unreachable);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ImageMissing(FAILED.status(res.status));
  }
  try {
    return { bytes: await boundedBody(res, IMAGE_MAX_BYTES), contentType: res.headers.get('content-type') ?? '' };
  } catch (err) {
    await res.body?.cancel().catch(() => {});
    if (err instanceof ImageMissing) throw err;
    throw new ImageMissing((err as Error).name === 'TimeoutError' ? FAILED.timeout : FAILED.unreachable);
  }
}

/** The uploads zip's file for an address under `wp-content/uploads/` (the zip may or may not hold the folder itself). */
async function zippedImage(zip: SafeZip, url: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  const path = /\/uploads\/(.+)$/.exec(new URL(url, 'http://old.invalid').pathname)?.[1];
  const name = path && zip.names.find((n) => n === path || n.endsWith(`/${path}`));
  if (!name) throw new ImageMissing(FAILED.notInZip);
  return { bytes: await zip.read(name), contentType: '' };
}

export interface BroughtImages {
  /** Each old address brought in, and its address in the media library. */
  addresses: Map<string, string>;
  missing: Array<{ url: string; reason: string }>;
}

/**
 * Brings each image into the media library through its normal upload (checks, resizing, audit): from the uploads
 * zip when one came with the file, else from the old site. One that cannot be had is listed, never a failed import.
 */
export async function bringImages(
  urls: string[],
  from: { images: ImageService; zip: SafeZip | null; actor: Actor },
  progress: (done: number) => void | Promise<void>,
): Promise<BroughtImages> {
  const addresses = new Map<string, string>();
  const missing: BroughtImages['missing'] = [];
  let done = 0;
  for (const url of urls) {
    try {
      const { bytes, contentType } = from.zip ? await zippedImage(from.zip, url) : await fetchImage(url);
      const image = await from.images.upload(bytes, { fileName: fileNameOf(url), contentType }, from.actor);
      addresses.set(url, image.src);
    } catch (err) {
      if (err instanceof ImageMissing) missing.push({ url, reason: err.message });
      else if (err instanceof AppError) missing.push({ url, reason: FAILED.notImage });
      else throw err;
    }
    done += 1;
    await progress(done);
  }
  return { addresses, missing };
}

/** A body with each brought-in image at its library address (without the old site's `srcset`, which named its copies). */
export function withLibraryImages(html: string, addresses: ReadonlyMap<string, string>): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const url = src && (src[1] ?? src[2] ?? '').replace(/&amp;/g, '&').trim();
    const address = url && addresses.get(url);
    if (!address) return tag;
    return tag.replace(/\s(?:srcset|sizes)\s*=\s*(?:"[^"]*"|'[^']*')/gi, '').replace(src[0], ` src="${address}"`);
  });
}
