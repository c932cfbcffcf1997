/**
 * docs/product.md#blog-editor: the lowercased title, runs of non-alphanumeric characters turned into hyphens, edge
 * hyphens removed.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
