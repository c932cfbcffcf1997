import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { slugify } from '../../shared/slug.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const blog = createBlogService({ db: t.database.db });
  await blog.createPost(postInput({ title: 'With Artwork', featuredImage: '/images/blog/zero-trust-for-small-business.svg' }));
  await blog.createPost(postInput({ title: 'Without Artwork', featuredImage: '' }));
  await blog.createPost(postInput({ title: 'With A Photo', featuredImage: 'https://images.example.com/rack.jpg' }));
});
afterAll(() => t.close());

const ogImage = (html: string) => html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];

/** Fetches an image of this site as served and reads its size from the PNG header (the IHDR chunk). */
async function servedPng(url: string) {
  const res = await request(t.app).get(new URL(url).pathname).buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  const body = res.body as Buffer;
  return {
    status: res.status,
    type: res.headers['content-type'],
    signature: body.subarray(0, 8).toString('hex'),
    width: body.readUInt32BE(16),
    height: body.readUInt32BE(20),
  };
}

const PNG = { status: 200, type: 'image/png', signature: '89504e470d0a1a0a', width: 1200, height: 630 };

describe('sharing images (production build)', () => {
  it.each(['/', '/services', '/about', '/contact', '/quote', '/blog', `/blog/${slugify('Without Artwork')}`])(
    '%s offers a 1200×630 PNG as og:image',
    async (path) => {
      const html = (await request(t.app).get(path)).text;
      const image = ogImage(html)!;
      expect(image).toMatch(/\/images\/og-default\.png$/);
      expect(html).toContain('<meta property="og:image:width" content="1200"/>');
      await expect(servedPng(image)).resolves.toEqual(PNG);
    },
  );

  it("a post's og:image is a PNG drawn from its own artwork", async () => {
    const html = (await request(t.app).get(`/blog/${slugify('With Artwork')}`)).text;
    const image = ogImage(html)!;
    expect(image).toMatch(/\/images\/blog\/zero-trust-for-small-business\.png$/);
    await expect(servedPng(image)).resolves.toEqual(PNG);
    expect(html).toContain('"image":"https://www.example.com.au/images/blog/zero-trust-for-small-business.png"');
  });

  it("a post's photo from elsewhere is offered as it is", async () => {
    const html = (await request(t.app).get(`/blog/${slugify('With A Photo')}`)).text;
    expect(ogImage(html)).toBe('https://images.example.com/rack.jpg');
    expect(html).not.toContain('og:image:width');
  });
});
