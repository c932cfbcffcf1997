import { parseUploadedImage } from './images.ts';
import { SHARING_CARD_TEXT } from './messages.ts';

/** The site's own artwork, used where a page or post has no image of its own. */
export const DEFAULT_SHARING_IMAGE = '/images/og-default.png';

/** Open Graph's recommended size; every artwork under public/images and every card is drawn at it. */
export const SHARING_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The public pages' sharing cards: the artwork with the page's title on it, drawn by the build into
 * `/images/pages/{file}.png` (scripts/sharing-images.ts).
 */
export const PAGE_CARDS: Readonly<Record<string, { file: string; title: string }>> = {
  '/': { file: 'home', title: SHARING_CARD_TEXT.home },
  '/services': { file: 'services', title: SHARING_CARD_TEXT.services },
  '/about': { file: 'about', title: SHARING_CARD_TEXT.about },
  '/contact': { file: 'contact', title: SHARING_CARD_TEXT.contact },
  '/quote': { file: 'quote', title: SHARING_CARD_TEXT.quote },
  '/blog': { file: 'blog', title: SHARING_CARD_TEXT.blog },
  '/privacy': { file: 'privacy', title: SHARING_CARD_TEXT.privacy },
};

export const pageCardPath = (file: string) => `/images/pages/${file}.png`;

/** A public page's own card, or the artwork for a path without one (an error page, the admin). */
export function pageSharingImage(pathname: string): string {
  const card = PAGE_CARDS[pathname];
  return card ? pageCardPath(card.file) : DEFAULT_SHARING_IMAGE;
}

/**
 * A post's card, drawn by the server when the post is published (server/sharing/post-images.ts). The title's key
 * is in the address, so a retitled post's new card is fetched afresh by the networks that cached the old one.
 */
export function postSharingImage(post: { id: string; title: string }): string {
  return `/images/posts/${post.id}.png?v=${titleKey(post.title)}`;
}

/**
 * What a post offers to social networks (docs/product.md#blog-post): its featured image with the image's alt text,
 * when the image was uploaded here (a known format and size, always there) and has alt text; otherwise its card,
 * which shows its title.
 */
export function postSharing(post: { id: string; title: string; featuredImage: string | null; featuredImageAlt: string | null }): {
  image: string;
  alt: string;
} {
  if (post.featuredImage && post.featuredImageAlt && parseUploadedImage(post.featuredImage)) {
    return { image: post.featuredImage, alt: post.featuredImageAlt };
  }
  return { image: postSharingImage(post), alt: post.title };
}

/** A short, stable name for a title (FNV-1a): a post's image address changes when its title does. */
export function titleKey(title: string): string {
  let hash = 0x811c9dc5;
  for (const unit of title.trim()) {
    hash ^= unit.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The image a page offers to social networks. The large ones do not show SVG, so a site SVG is swapped for the
 * PNG the build draws from it (scripts/sharing-images.ts); an image elsewhere (a JPEG or PNG URL) is used as is.
 */
export function sharingImage(image: string | null | undefined): string {
  if (!image) return DEFAULT_SHARING_IMAGE;
  return image.startsWith('/') && image.endsWith('.svg') ? `${image.slice(0, -'.svg'.length)}.png` : image;
}
