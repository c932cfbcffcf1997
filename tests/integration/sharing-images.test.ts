import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { PAGE_CARDS } from '../../shared/sharing-image.ts';
import { signedInStaffApp } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { eventually } from '../helpers/eventually.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { type TestApp, configuredEngines } from '../helpers/test-app.ts';
import { findPostSharingImage } from '../../db/queries/post-sharing-images.ts';

const ogImage = (html: string) => html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
const twitterImage = (html: string) => html.match(/<meta name="twitter:image" content="([^"]+)"/)?.[1];

/** Fetches an image of this site as served and reads its size from the PNG header (the IHDR chunk). */
async function servedPng(t: TestApp, url: string) {
  const { pathname, search } = new URL(url);
  const res = await request(t.app)
    .get(pathname + search)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  const body = res.body as Buffer;
  return {
    status: res.status,
    type: res.headers['content-type'],
    signature: body.subarray(0, 8).toString('hex'),
    width: body.length >= 24 ? body.readUInt32BE(16) : 0,
    height: body.length >= 24 ? body.readUInt32BE(20) : 0,
    body,
  };
}

const PNG = { status: 200, type: 'image/png', signature: '89504e470d0a1a0a', width: 1200, height: 630 };

describe('sharing images of the pages (production build)', () => {
  const t = useTestApp(() => signedInStaffApp());

  it.each(Object.entries(PAGE_CARDS))('%s offers its own 1200×630 PNG card, drawn at build', async (path, card) => {
    const html = (await request(t.app).get(path).expect(200)).text;
    const image = ogImage(html)!;
    expect(image).toBe(`https://www.example.com.au/images/pages/${card.file}.png`);
    expect(twitterImage(html)).toBe(image);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    await expect(servedPng(t, image)).resolves.toMatchObject(PNG);
  });

  it('a page without a card (the not-found page) offers the artwork as a PNG', async () => {
    const html = (await request(t.app).get('/no-such-page').expect(404)).text;
    expect(ogImage(html)).toBe('https://www.example.com.au/images/og-default.png');
    await expect(servedPng(t, ogImage(html)!)).resolves.toMatchObject(PNG);
  });
});

describe.each(configuredEngines())('sharing images of posts on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  /** The card the site keeps for a post, if it has drawn one. */
  const storedImage = async (id: string) => {
    const image = await findPostSharingImage(t.database.db, id);
    return image ? { drawn_from: image.drawnFrom, png: image.png } : undefined;
  };

  it('a post published in the editor gets its PNG card when it is published, named in og:image and twitter:image', async () => {
    const post = (
      await t.staff
        .req('post', '/api/admin/posts')
        .send(postInput({ title: 'Cards for every post' }))
        .expect(201)
    ).body as BlogPost;
    const stored = await eventually(() => storedImage(post.id), 'the card drawn at publish');

    const html = (await request(t.app).get(`/blog/${post.slug}`).expect(200)).text;
    const image = ogImage(html)!;
    expect(image).toMatch(new RegExp(`^https://www\\.example\\.com\\.au/images/posts/${post.id}\\.png\\?v=${stored.drawn_from}$`));
    expect(twitterImage(html)).toBe(image);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    const served = await servedPng(t, image);
    expect(served).toMatchObject(PNG);
    expect(Buffer.compare(served.body, Buffer.from(stored.png))).toBe(0);
  });

  it('a retitled post gets a new card at a new address', async () => {
    const post = (
      await t.staff
        .req('post', '/api/admin/posts')
        .send(postInput({ title: 'First title' }))
        .expect(201)
    ).body as BlogPost;
    const first = await eventually(() => storedImage(post.id), 'the first card');
    await t.staff
      .req('put', `/api/admin/posts/${post.id}`)
      .send(postInput({ title: 'Second title' }))
      .expect(200);
    const second = await eventually(async () => {
      const row = await storedImage(post.id);
      return row && row.drawn_from !== first.drawn_from ? row : undefined;
    }, 'the second card');
    expect(Buffer.compare(Buffer.from(first.png), Buffer.from(second.png))).not.toBe(0);
    const html = (await request(t.app).get('/blog/second-title').expect(200)).text;
    expect(ogImage(html)).toContain(`?v=${second.drawn_from}`);
  });

  it('a draft gets no card, and its image address answers 404', async () => {
    const draft = (
      await t.staff
        .req('post', '/api/admin/posts')
        .send(postInput({ title: 'Still a draft', published: false }))
        .expect(201)
    ).body as BlogPost;
    await request(t.app).get(`/images/posts/${draft.id}.png`).expect(404);
    await expect(storedImage(draft.id)).resolves.toBeUndefined();
  });

  it('a post published without the hook (a script, an older post) gets its card on the first request', async () => {
    const post = await createBlogService({ db: t.database.db }).createPost(postInput({ title: 'Loaded by a script' }));
    await expect(storedImage(post.id)).resolves.toBeUndefined();
    await expect(servedPng(t, `https://www.example.com.au/images/posts/${post.id}.png`)).resolves.toMatchObject(PNG);
    await expect(storedImage(post.id)).resolves.toBeDefined();
  });
});
