import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, type ImageFormat } from '../../shared/images.ts';
import { AppError, invalidFields } from '../core/errors.ts';

/** What an upload says it is: the file's name and the type the browser sent with it. */
export interface UploadClaim {
  fileName: string;
  contentType: string;
}

const MB = IMAGE_MAX_BYTES / (1024 * 1024);
const MEGAPIXELS = IMAGE_MAX_PIXELS / 1_000_000;

/** The upload's one field: errors are shown beside the file picker. */
export function refuseImage(message: string): AppError {
  return invalidFields(message, { image: message });
}

/** 413, beside the file picker: more than the site takes, in bytes or in pixels. */
function refuseTooLarge(message: string): AppError {
  return new AppError('RESOURCE_EXHAUSTED', message, { status: 413, details: { fields: { image: message } } });
}

export function imageTooLarge(): AppError {
  return refuseTooLarge(EDITOR_MESSAGES.imageTooLarge(MB));
}

export function imageTooManyPixels(): AppError {
  return refuseTooLarge(EDITOR_MESSAGES.imageTooManyPixels(MEGAPIXELS));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the bytes themselves are (their magic numbers), 'svg' for SVG markup, or null. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | 'svg' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // SVG is text: markup whose first kilobyte opens an <svg> element (after any XML prolog or comments).
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  if (head.startsWith('<') && head.includes('<svg')) return 'svg';
  return null;
}

/** The format a file's name (its extension) or, without one, its type names; 'svg', 'other' or null (neither says). */
export function claimedFormat({ fileName, contentType }: UploadClaim): ImageFormat | 'svg' | 'other' | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (extension === 'svg' || extension === 'svgz' || type === 'image/svg+xml') return 'svg';
  const entries = Object.entries(IMAGE_FORMATS) as Array<[ImageFormat, (typeof IMAGE_FORMATS)[ImageFormat]]>;
  if (extension) return entries.find(([, f]) => (f.extensions as readonly string[]).includes(extension))?.[0] ?? 'other';
  if (type && type !== 'application/octet-stream') return entries.find(([, f]) => f.type === type)?.[0] ?? 'other';
  return null;
}

/**
 * The upload's format, once its name, its type and its bytes agree on one of the accepted formats; otherwise the
 * refusal that says why. SVG is refused whatever it claims: it can carry scripts.
 */
export function checkUpload(bytes: Uint8Array, claim: UploadClaim): ImageFormat {
  if (bytes.length === 0) throw refuseImage(EDITOR_MESSAGES.imageEmpty);
  if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge();
  const claimed = claimedFormat(claim);
  const actual = sniffFormat(bytes);
  if (claimed === 'svg' || actual === 'svg') throw refuseImage(EDITOR_MESSAGES.imageSvg);
  if (claimed === 'other') throw refuseImage(EDITOR_MESSAGES.imageType);
  if (actual === null) {
    if (claimed === null) throw refuseImage(EDITOR_MESSAGES.imageType);
    throw refuseImage(EDITOR_MESSAGES.imageMismatch(claimed.toUpperCase()));
  }
  if (claimed !== null && claimed !== actual) throw refuseImage(EDITOR_MESSAGES.imageMismatch(claimed.toUpperCase()));
  return actual;
}
