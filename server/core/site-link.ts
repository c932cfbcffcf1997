/**
 * The absolute address of a path on this site ("/admin/…") under the configured SITE_URL. Every link in an
 * e-mail (and the webhook's) is built here, so none can point at another host (docs/product.md#notifications).
 */
export function siteLink(siteUrl: string, path: `/${string}`): string {
  return new URL(path, siteUrl).href;
}
