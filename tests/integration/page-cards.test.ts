import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SHARING_IMAGE_SIZE } from '../../shared/sharing-image.ts';
import type { WordsEditorState } from '../../shared/site-words.ts';
import { type StaffClient, signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** docs/product.md#site-words: a page's sharing card shows its published SEO title, redrawn when a new one is published. */
describe.each(configuredEngines())('pages’ sharing cards on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  const visitor = (path: string) => request(t.app).get(path).set('X-Forwarded-Proto', 'https');

  async function publish(staff: StaffClient, key: string, change: Record<string, unknown>) {
    const opened = (await staff.req('get', `/api/admin/pages/${key}`)).body as WordsEditorState;
    const res = await staff
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...(opened.draft ?? opened.published), ...change }, version: opened.version, publish: true });
    expect(res.status).toBe(200);
  }

  /** The og:image a page offers, as a path, and the twitter image beside it. */
  async function cardOf(path: string): Promise<string> {
    const html = (await visitor(path)).text;
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og, path).toBeDefined();
    const url = new URL(og!.replace(/&amp;/g, '&'));
    expect(html).toContain(`<meta name="twitter:image" content="${og}"`);
    return url.pathname + url.search;
  }

  /** The image at `path`: a PNG of the sharing size (its IHDR), and its bytes. */
  async function png(path: string): Promise<Buffer> {
    const res = await visitor(path).buffer(true);
    expect(res.status, path).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const body = res.body as Buffer;
    expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([SHARING_IMAGE_SIZE.width, SHARING_IMAGE_SIZE.height]);
    return body;
  }

  it('a built-in page offers the build’s card until a new SEO title is published, then one drawn from it, new for each title', async () => {
    expect(await cardOf('/about')).toBe('/images/pages/about.png');
    await publish(t.staff, 'about', { seoTitle: `Who we are (${engine})` });
    const first = await cardOf('/about');
    expect(first).toMatch(/^\/images\/words\/about\.png\?v=\w+$/);
    const firstPng = await png(first);

    await publish(t.staff, 'about', { seoTitle: `Our people and how we work (${engine})` });
    const second = await cardOf('/about');
    expect(second).toMatch(/^\/images\/words\/about\.png\?v=\w+$/);
    expect(second).not.toBe(first);
    const secondPng = await png(second);
    expect(secondPng.equals(firstPng)).toBe(false);
    // Other pages keep theirs.
    expect(await cardOf('/contact')).toBe('/images/pages/contact.png');
  });

  it('a page staff made offers a card of its SEO title unless it has a social image; an unknown key has none', async () => {
    const key = `page-${randomUUID()}`;
    const words = { title: 'Careers', address: `careers-card-${engine}`, body: '<p>Join us.</p>', seoTitle: 'Careers at Northbridge' };
    const res = await t.staff
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...words, metaDescription: 'Jobs.', socialImage: '', showInFooter: false }, version: 0, publish: true });
    expect(res.status).toBe(200);
    const card = await cardOf(`/${words.address}`);
    expect(card).toMatch(new RegExp(`^/images/words/${key}\\.png\\?v=\\w+$`));
    await png(card);
    expect((await visitor(`/images/words/page-${randomUUID()}.png`)).status).toBe(404);
    expect((await visitor('/images/words/navigation.png')).status).toBe(404);
  });
});
