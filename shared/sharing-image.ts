/** The site's own artwork, used where a page or post has no image of its own. */
export const DEFAULT_SHARING_IMAGE = '/images/og-default.png';

/** Open Graph's recommended size; every artwork under public/images is drawn at it. */
export const SHARING_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The image a page offers to social networks. The large ones do not show SVG, so a site SVG is swapped for the
 * PNG the build draws from it (scripts/sharing-images.ts); an image elsewhere (a JPEG or PNG URL) is used as is.
 */
export function sharingImage(image: string | null | undefined): string {
  if (!image) return DEFAULT_SHARING_IMAGE;
  return image.startsWith('/') && image.endsWith('.svg') ? `${image.slice(0, -'.svg'.length)}.png` : image;
}
