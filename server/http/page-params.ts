/**
 * The query parameters a public page reads while rendering on the server (`pageContext.urlParsed.search`):
 * blog `page` and `q`; services `service` and `category`; quote `service` and `step`; contact and quote `script`
 * (a form posted without JavaScript). The page cache keys pages by these alone (page-cache.ts), so a page that
 * starts reading another must be listed here; tests/unit/page-params.test.ts checks the pages against this list.
 */
export const PAGE_PARAMS: ReadonlySet<string> = new Set(['page', 'q', 'service', 'category', 'step', 'script']);
