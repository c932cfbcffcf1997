import { IMAGE_MAX_BYTES, imagePath, storedWidths } from '../../../../shared/images.ts';
import type { LibraryImage } from '../../../../shared/media.ts';
import { REQUEST_MESSAGES } from '../../../../shared/messages.ts';
import { EDITOR_MESSAGES } from '../../../../shared/admin-texts.ts';
import { type ErrorBody, RequestError, answer } from '../../../../components/request.ts';

/**
 * Sends one file to the media library (`POST /api/admin/images`), telling `onProgress` how much of it has gone
 * (0 to 1): fetch cannot tell, so this request is an XMLHttpRequest, answered and refused as every other admin
 * request. A file over the limit is refused here at once, with the server's own words, rather than after minutes of
 * uploading; every other check (type, bytes, SVG) is the server's.
 */
export function uploadImage(file: File, csrfToken: string | null, onProgress: (sent: number) => void = () => {}): Promise<LibraryImage> {
  if (file.size > IMAGE_MAX_BYTES) {
    return Promise.reject(new RequestError(413, 'RESOURCE_EXHAUSTED', EDITOR_MESSAGES.imageTooLarge(IMAGE_MAX_BYTES / (1024 * 1024))));
  }
  return new Promise<LibraryImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/images?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: (LibraryImage & ErrorBody) | null = null;
      try {
        json = JSON.parse(xhr.responseText) as LibraryImage & ErrorBody;
      } catch {
        // Not JSON (a proxy's page): the status alone says it failed.
      }
      try {
        resolve(answer<LibraryImage>(xhr.status, json));
      } catch (err) {
        reject(err as Error);
      }
    };
    xhr.onerror = () => reject(new RequestError(0, 'UNAVAILABLE', REQUEST_MESSAGES.unreachable));
    xhr.send(file);
  });
}

/** The smallest stored copy of an image, in WebP: what a thumbnail needs. */
export function thumbnailOf(image: Pick<LibraryImage, 'id' | 'width'>): string {
  return imagePath(image.id, storedWidths(image.width)[0]!, 'webp');
}
