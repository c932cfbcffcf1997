import { IMAGE_MAX_BYTES, type UploadedImage } from '../../../shared/images.ts';
import { EDITOR_MESSAGES } from '../../../shared/messages.ts';
import { RequestError, adminApi } from '../../../components/request.ts';

/**
 * Sends one file to the upload endpoint. A file over the limit is refused here at once, with the server's own
 * words, rather than after minutes of uploading; every other check (type, bytes, SVG) is the server's.
 */
export async function uploadImage(file: File, csrfToken: string | null): Promise<UploadedImage> {
  if (file.size > IMAGE_MAX_BYTES) {
    throw new RequestError(413, 'RESOURCE_EXHAUSTED', EDITOR_MESSAGES.imageTooLarge(IMAGE_MAX_BYTES / (1024 * 1024)));
  }
  return adminApi<UploadedImage>('POST', `/api/admin/images?name=${encodeURIComponent(file.name)}`, csrfToken, file);
}
