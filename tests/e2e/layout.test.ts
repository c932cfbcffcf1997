import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { liveSite, openPage } from '../helpers/browser.ts';
import { day, postInput } from '../helpers/blog-posts.ts';

/*
 * The visitor's layouts hold at every width (docs/product.md#pages): no row of home cards has an empty slot, a
 * lone related post keeps a card's width, and the featured post's picture is never cropped off its subject nor
 * floated in blank space.
 */
const site = liveSite();
const WIDTHS = [320, 390, 768, 1024, 1280, 1440, 1920];

beforeAll(async () => {
  const blog = createBlogService({ db: site.database.db });
  // Two posts that share only each other: each page has exactly one related post.
  await blog.createPost(postInput({ title: 'Cabling the new office', tags: 'Cabling', publishedAt: day(1) }));
  await blog.createPost(postInput({ title: 'Labelling every cable', tags: 'Cabling', publishedAt: day(2) }));
});

/** For each card grid matching `selector`: how far the last card of each row ends short of the grid's edge. */
function rowGaps(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((grids) =>
    grids.flatMap((grid) => {
      const right = grid.getBoundingClientRect().right;
      const rows = new Map<number, number>();
      for (const card of grid.children) {
        const box = card.getBoundingClientRect();
        rows.set(Math.round(box.top), Math.max(rows.get(Math.round(box.top)) ?? 0, box.right));
      }
      return [...rows.values()].map((end) => Math.round(right - end));
    }),
  );
}

describe('layouts at every width', () => {
  it.each(WIDTHS)('at %i px the home page cards fill every row', async (width) => {
    await using p = await openPage(site.browser, { width, height: 900 });
    await p.page.goto(`${site.baseUrl}/`);
    const gaps = await rowGaps(p.page, '.card-grid-fill');
    expect(gaps.length).toBeGreaterThan(1);
    expect(gaps.every((gap) => gap <= 1)).toBe(true);
  });

  it.each([1024, 1440, 1920])('at %i px a lone related post keeps a card width', async (width) => {
    await using p = await openPage(site.browser, { width, height: 900 });
    await p.page.goto(`${site.baseUrl}/blog/labelling-every-cable`);
    const related = p.page.locator('.related-posts .post-card');
    await expect(related.count()).resolves.toBe(1);
    const [card, list] = await Promise.all([related.boundingBox(), p.page.locator('.related-posts .post-list').boundingBox()]);
    expect(card!.width).toBeLessThan(list!.width / 2);
  });

  it.each([800, 1440])('at %i px the featured post shows its whole picture', async (width) => {
    await using p = await openPage(site.browser, { width, height: 900 });
    await p.page.goto(`${site.baseUrl}/blog`);
    const image = p.page.locator('.post-list-featured > li:first-child .post-card-image');
    await image.evaluate((img: HTMLImageElement) => img.decode());
    const { shown, natural } = await image.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return { shown: box.width / box.height, natural: img.naturalWidth / img.naturalHeight };
    });
    // object-fit: cover crops exactly when the box's proportions differ from the picture's.
    expect(Math.abs(shown - natural) / natural).toBeLessThan(0.02);
  });

  it('at 1440 px the featured post beside a normal card has its picture at its top, no blank band above or below it', async () => {
    await using p = await openPage(site.browser, { width: 1440, height: 900 });
    await p.page.goto(`${site.baseUrl}/blog`);
    const card = p.page.locator('.post-list-featured > li:first-child .post-card');
    const [cardBox, imageBox] = await Promise.all([card.boundingBox(), card.locator('.post-card-image').boundingBox()]);
    // The card's border is 1 px.
    expect(imageBox!.y - cardBox!.y).toBeLessThanOrEqual(1);
    expect(cardBox!.width - imageBox!.width).toBeLessThanOrEqual(2);
  });
});
