import { Router } from 'express';
import { PAGE_KEYS, PAGE_PATHS, type PageKey, type SiteWords, defaultPageWords, isCustomPageKey } from '../../shared/site-words.ts';
import { sharingCardSvg } from '../../shared/sharing-card.ts';
import { titleKey } from '../../shared/sharing-image.ts';
import { drawPng } from './draw-card.ts';

/*
 * The sharing cards of the pages whose words staff publish (docs/product.md#site-words): the site's artwork with
 * the page's published SEO title. A built-in page keeps the card the build drew (/images/pages/) while its SEO
 * title is today's; once another is published, its card is drawn here from that title. A page staff made without
 * a social image gets its card from its SEO title (else its title). The title's key is in the address, so a new
 * title is a new address: the page that names it is stored again by the publish (decision 027), and networks that
 * cached the old card fetch the new one.
 */

/** A page's card address: its words' key, and its title's key. */
export function wordsCardPath(key: string, title: string): string {
  return `/images/words/${key}.png?v=${titleKey(title)}`;
}

/** The title a key's card shows, from the words in force; null when the key has no card of its own here. */
function cardTitle(words: SiteWords, key: string): string | null {
  if ((PAGE_KEYS as readonly string[]).includes(key)) return words.pages[key as PageKey].seoTitle;
  const page = isCustomPageKey(key) ? words.customPages.find((p) => p.key === key) : undefined;
  return page ? page.seoTitle || page.title : null;
}

/** The cards drawn here, by the path of the page that offers each: only pages whose SEO title is not today's. */
export function wordsSharingCards(words: SiteWords, companyName: string): Record<string, string> {
  const defaults = defaultPageWords(companyName);
  const cards: Record<string, string> = {};
  for (const key of PAGE_KEYS) {
    const title = words.pages[key].seoTitle;
    if (title !== defaults[key].seoTitle) cards[PAGE_PATHS[key]] = wordsCardPath(key, title);
  }
  for (const page of words.customPages) cards[`/${page.address}`] = wordsCardPath(page.key, page.seoTitle || page.title);
  return cards;
}

export interface PageCardsDeps {
  /** The published words in force. */
  current: () => Promise<SiteWords>;
}

/**
 * `/images/words/{key}.png`: the card of a page from its title in force, drawn on the first request for that title
 * (tens of milliseconds) and kept in memory, one per page; the address's `v` only tells caches apart.
 */
export function pageCardsRouter({ current }: PageCardsDeps): Router {
  const drawn = new Map<string, { key: string; png: Promise<Buffer> }>();
  const router = Router();
  router.get('/images/words/:file', async (req, res, next) => {
    const key = /^([a-z0-9-]{1,60})\.png$/.exec(String(req.params.file))?.[1];
    const title = key ? cardTitle(await current(), key) : null;
    if (!key || title === null) return next();
    let card = drawn.get(key);
    if (card?.key !== titleKey(title)) {
      card = { key: titleKey(title), png: drawPng(sharingCardSvg(title)).then((image) => image.png) };
      drawn.set(key, card);
      // A failed drawing is not kept: the next request tries again.
      card.png.catch(() => drawn.delete(key));
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/png').send(await card.png);
  });
  return router;
}
