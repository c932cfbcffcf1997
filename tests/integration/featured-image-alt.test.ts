import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/blog.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import type { LibraryImage } from '../../shared/media.ts';
import { ORIGIN, signedInStaffApp } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { makeImage } from '../helpers/images.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** The `content` of a page's `<meta property|name=…>`, or null. */
function meta(html: string, key: string): string | null {
  const tag = [...html.matchAll(/<meta [^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`"${key}"`));
  return tag ? (/content="([^"]*)"/.exec(tag)?.[1] ?? null) : null;
}
const imgAlt = (html: string, className: string) => new RegExp(`<img class="${className}"[^>]*alt="([^"]*)"`).exec(html)?.[1] ?? null;

describe.each(configuredEngines())('a featured image’s alt text on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  const save = (overrides: Parameters<typeof postInput>[0]) =>
    t.staff.req('post', '/api/admin/posts').send(postInput({ publishedAt: '', ...overrides }));

  it('is required with a featured image unless the image is marked decorative; no image, no alt text', async () => {
    const missing = await save({ title: 'No description', featuredImage: 'https://images.example.com/rack.jpg', featuredImageAlt: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields).toEqual({ featuredImageAlt: EDITOR_MESSAGES.featuredAltRequired });

    const decorative = await save({
      title: 'Decorative picture',
      featuredImage: 'https://images.example.com/rack.jpg',
      featuredImageAlt: '',
      featuredImageDecorative: true,
    });
    expect(decorative.status).toBe(201);
    expect((decorative.body as BlogPost).featuredImageAlt).toBe('');

    const none = await save({ title: 'No picture', featuredImage: '', featuredImageAlt: 'ignored' });
    expect(none.status).toBe(201);
    expect((none.body as BlogPost).featuredImageAlt).toBeNull();

    const tooLong = await save({
      title: 'Long description',
      featuredImage: 'https://images.example.com/rack.jpg',
      featuredImageAlt: 'x'.repeat(301),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details.fields).toEqual({ featuredImageAlt: 'Alt text must be at most 300 characters.' });
  });

  it('is on the post page, the blog’s card and the sharing tags, whose image is then the featured image itself', async () => {
    const upload = await t.staff
      .req('post', '/api/admin/images?name=rack.png')
      .set('Content-Type', 'image/png')
      .send(await makeImage(1600, 900));
    const image = upload.body as LibraryImage;
    const res = await save({
      title: 'Rack with a description',
      featuredImage: image.src,
      featuredImageAlt: 'A rack of patched switches, cables labelled',
    });
    expect(res.status).toBe(201);
    const post = res.body as BlogPost;

    const page = (await request(t.app).get(`/blog/${post.slug}`)).text;
    expect(imgAlt(page, 'post-image')).toBe('A rack of patched switches, cables labelled');
    expect(meta(page, 'og:image')).toBe(`${ORIGIN}${image.src}`);
    expect(meta(page, 'og:image:alt')).toBe('A rack of patched switches, cables labelled');
    expect(meta(page, 'twitter:image')).toBe(`${ORIGIN}${image.src}`);
    expect(meta(page, 'twitter:image:alt')).toBe('A rack of patched switches, cables labelled');
    // Its size is whatever the upload's is: only the site's own cards are said to be 1200 × 630.
    expect(meta(page, 'og:image:width')).toBeNull();

    const list = (await request(t.app).get('/blog')).text;
    const card = list.slice(list.indexOf('<article class="card post-card">'), list.indexOf('Rack with a description'));
    expect(imgAlt(card, 'post-card-image')).toBe('A rack of patched switches, cables labelled');
  });

  it('a decorative image is empty alt text on the page and the card, and the post shares its card, described by its title', async () => {
    const upload = await t.staff
      .req('post', '/api/admin/images?name=swirl.png')
      .set('Content-Type', 'image/png')
      .send(await makeImage(800, 400));
    const post = (
      await save({ title: 'Purely decorative', featuredImage: (upload.body as LibraryImage).src, featuredImageDecorative: true })
    ).body as BlogPost;
    const page = (await request(t.app).get(`/blog/${post.slug}`)).text;
    expect(imgAlt(page, 'post-image')).toBe('');
    expect(meta(page, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/images/posts/${post.id}\\.png\\?v=`));
    expect(meta(page, 'og:image:alt')).toBe('Purely decorative');
    expect(meta(page, 'twitter:image:alt')).toBe('Purely decorative');
    expect(meta(page, 'og:image:width')).toBe('1200');

    const list = (await request(t.app).get('/blog')).text;
    const card = list.slice(list.indexOf('<article class="card post-card">'), list.indexOf('Purely decorative'));
    expect(imgAlt(card, 'post-card-image')).toBe('');
  });

  it('an image from another site keeps its alt text on the page, and the post shares its card (the image’s size and format are not known)', async () => {
    const post = (
      await save({
        title: 'Picture from elsewhere',
        featuredImage: 'https://images.example.com/rack.jpg',
        featuredImageAlt: 'A rack elsewhere',
      })
    ).body as BlogPost;
    const page = (await request(t.app).get(`/blog/${post.slug}`)).text;
    expect(imgAlt(page, 'post-image')).toBe('A rack elsewhere');
    expect(meta(page, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/images/posts/${post.id}\\.png\\?v=`));
    expect(meta(page, 'og:image:alt')).toBe('Picture from elsewhere');
  });

  it('a post from before alt text keeps its title as the page’s alt text and a decorative card image', async () => {
    const post = (
      await save({ title: 'Written before alt text', featuredImage: 'https://images.example.com/old.jpg', featuredImageAlt: 'x' })
    ).body as BlogPost;
    // As migration 160 left the posts it found: no alt text at all.
    await t.database.db.updateTable('blogs').set({ featured_image_alt: null }).where('id', '=', post.id).execute();
    const page = (await request(t.app).get(`/blog/${post.slug}`)).text;
    expect(imgAlt(page, 'post-image')).toBe('Written before alt text');
    const list = (await request(t.app).get('/blog')).text;
    const card = list.slice(list.indexOf('<article class="card post-card">'), list.indexOf('Written before alt text'));
    expect(imgAlt(card, 'post-card-image')).toBe('');
  });

  it('restoring an earlier version brings its alt text back', async () => {
    const first = (await save({ title: 'Versions', featuredImage: 'https://images.example.com/a.jpg', featuredImageAlt: 'First words' }))
      .body as BlogPost;
    await t.staff
      .req('put', `/api/admin/posts/${first.id}`)
      .send(postInput({ title: 'Versions', featuredImage: 'https://images.example.com/a.jpg', featuredImageAlt: 'Second words' }));
    const revisions = (await t.staff.req('get', `/api/admin/posts/${first.id}/revisions`)).body as Array<{ id: string }>;
    const restored = await t.staff.req('post', `/api/admin/posts/${first.id}/revisions/${revisions.at(-1)!.id}/restore`);
    expect(restored.status).toBe(200);
    expect((restored.body as BlogPost).featuredImageAlt).toBe('First words');
  });
});
