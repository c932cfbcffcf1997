import { EVERY_PATH } from '../../db/queries/blogs.ts';
import { isServiceId } from '../../shared/services.ts';
import {
  type CustomPageWords,
  type FieldValue,
  NAVIGATION_KEY,
  PAGE_PATHS,
  SERVICES_PATHS,
  type WordsKey,
  isCustomPageKey,
} from '../../shared/site-words.ts';

type Words = Record<string, FieldValue>;

/** A service's fields every page carries: the header's Services menu and the footer name each service, with its tagline in the page's data. */
const FRAME_SERVICE_FIELDS = ['name', 'tagline'] as const;

const differs = (before: Words | null, after: Words | null, field: string) =>
  JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]);

/**
 * The public paths whose pages show a key's published words, given those words before and after a change (null:
 * none public): what a publish drops from every page cache (docs/decisions/027-publish-drops-its-pages.md).
 * `EVERY_PATH` when the change reaches the frame every page shares (header, footer).
 */
export function pagesShowing(key: WordsKey, before: Words | null, after: Words | null): string[] {
  if (key === NAVIGATION_KEY) return [EVERY_PATH];
  if (isServiceId(key)) {
    return FRAME_SERVICE_FIELDS.some((field) => differs(before, after, field)) ? [EVERY_PATH] : [...SERVICES_PATHS];
  }
  if (!isCustomPageKey(key)) return [PAGE_PATHS[key]];
  const was = before as CustomPageWords | null;
  const is = after as CustomPageWords | null;
  // The footer lists the published pages chosen for it, by title and address.
  const inFooter = (page: CustomPageWords | null) => (page?.showInFooter ? `${page.title}\n${page.address}` : null);
  if (inFooter(was) !== inFooter(is)) return [EVERY_PATH];
  // The old address answers 404 from now on, the new one the page; the sitemap lists published pages.
  const addresses = [was?.address, is?.address].filter((a): a is string => Boolean(a)).map((a) => `/${a}`);
  return [...new Set(addresses), '/sitemap.xml'];
}
