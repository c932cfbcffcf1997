import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSettingsDocument } from '../../db/queries/site-settings.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { createLogger } from '../../server/core/logger.ts';
import { purgeUnusedImages } from '../../server/media/image-retention.ts';
import { startRetentionJob } from '../../server/privacy/retention.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { type LibraryImage, MEDIA_TEXT, type MediaPage } from '../../shared/media.ts';
import { ROLE_TEXT, type Role } from '../../shared/roles.ts';
import { STAFF, StaffClient, auditEntries, signedInStaffApp, staffService } from '../helpers/admin-client.ts';
import { day, postInput } from '../helpers/blog-posts.ts';
import { makeImage } from '../helpers/images.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines, createTestDatabase, migrateTo, migrateUp } from '../helpers/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const silent = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'production' });

describe.each(configuredEngines())('the media library API on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  const people = new Map<Role, StaffClient>();

  beforeAll(async () => {
    for (const role of ['editor', 'author', 'sales'] as const) {
      await staffService(t.database.db).createAccount(SYSTEM_ACTOR, {
        email: `${role}@northbridge-it.com.au`,
        name: ROLE_TEXT.names[role],
        password: STAFF.password,
        role,
      });
      const browser = new StaffClient(t.app);
      expect((await browser.signIn(`${role}@northbridge-it.com.au`)).status).toBe(200);
      people.set(role, browser);
    }
  });
  const as = (role: Role) => (role === 'owner' ? t.staff : people.get(role)!);

  async function upload(name: string, who: Role = 'owner', size: [number, number] = [1200, 600]): Promise<LibraryImage> {
    const res = await as(who)
      .req('post', `/api/admin/images?name=${encodeURIComponent(name)}`)
      .set('Content-Type', 'image/png')
      .send(await makeImage(...size));
    expect(res.status).toBe(201);
    return res.body as LibraryImage;
  }
  const library = async (who: Role = 'owner', query = '') => {
    const res = await as(who).req('get', `/api/admin/images${query}`);
    expect(res.status).toBe(200);
    return res.body as MediaPage;
  };
  const find = (page: MediaPage, id: string) => page.images.find((i) => i.id === id);
  /** `text` with its character at `at` percent-encoded, as `%35` for `5`. */
  const percentEncoded = (text: string, at: number) => `${text.slice(0, at)}%${text.charCodeAt(at).toString(16)}${text.slice(at + 1)}`;
  /** An uploaded image's id and file name, from its address. */
  const addressParts = (src: string) => {
    const [, id = '', file = ''] = /^\/media\/([^/]+)\/([^/]+)$/.exec(src) ?? [];
    return { id, file };
  };
  /** Storage check: the rows an image has in the database. */
  const rows = async (id: string) => ({
    images: (await t.database.db.selectFrom('images').select('id').where('id', '=', id).execute()).length,
    variants: (await t.database.db.selectFrom('image_variants').select('image_id').where('image_id', '=', id).execute()).length,
  });

  it('lists each upload with its file name, size, dimensions, uploader and time, newest first, with the total stored', async () => {
    const before = await library();
    const first = await upload('rack.png', 'owner', [2000, 1000]);
    const second = await upload('switch.png', 'author', [300, 200]);
    const page = await library();
    expect(page.images.slice(0, 2).map((i) => i.fileName)).toEqual(['switch.png', 'rack.png']);
    expect(find(page, first.id)).toMatchObject({
      src: `/media/${first.id}/1600.png`,
      width: 1600,
      height: 800,
      originalWidth: 2000,
      originalHeight: 1000,
      alt: '',
      uploadedBy: { name: STAFF.name },
      uses: [],
    });
    expect(find(page, first.id)!.bytes).toBeGreaterThan(0);
    expect(find(page, second.id)).toMatchObject({ src: `/media/${second.id}/300.png`, uploadedBy: { name: ROLE_TEXT.names.author } });
    expect(find(page, first.id)!.unusedSince).toBe(find(page, first.id)!.uploadedAt);
    // The total is what the stored copies take (storage check), not the uploaded files.
    const stored = await t.database.db.selectFrom('image_variants').select(['image_id', 'data']).execute();
    const storedOf = (id: string) => stored.filter((r) => r.image_id === id).reduce((sum, r) => sum + r.data.byteLength, 0);
    expect(page.totals).toEqual({
      images: before.totals.images + 2,
      unused: before.totals.unused + 2,
      storedBytes: stored.reduce((sum, r) => sum + r.data.byteLength, 0),
    });
    // Each card says what it keeps, so its figures add up to the total; the uploaded file's size is another figure.
    expect(find(page, first.id)!.storedBytes).toBe(storedOf(first.id));
    expect(find(page, second.id)!.storedBytes).toBe(storedOf(second.id));
  });

  it('names the page whose words use an image, by its title, in "Used in" and in a refused deletion', async () => {
    const social = await upload('careers-social.png');
    const inBody = await upload('careers-team.png');
    const key = `page-${randomUUID()}`;
    const words = {
      title: 'Careers',
      address: `careers-${engine}`,
      body: `<p>Join us.</p><img src="${inBody.src}" alt="The team">`,
      seoTitle: 'Careers',
      metaDescription: 'Roles at Northbridge.',
      socialImage: social.src,
      showInFooter: false,
    };
    await t.staff.req('put', `/api/admin/pages/${key}`).send({ words, version: 0, publish: false }).expect(200);

    const page = await library();
    for (const image of [social, inBody]) {
      expect(find(page, image.id)!.uses).toEqual([{ place: 'page', post: null, page: { key, name: 'Careers' } }]);
    }
    const refused = await t.staff.req('delete', `/api/admin/images/${social.id}`).expect(409);
    expect(refused.body.error.message).toBe(MEDIA_TEXT.inUse('careers-social.png', ['Careers (page)']));

    // Renamed, the page is named by its new title; deleted, the images are no longer used.
    await t.staff
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...words, title: 'Work with us' }, version: 1, publish: false })
      .expect(200);
    expect(find(await library(), social.id)!.uses).toEqual([{ place: 'page', post: null, page: { key, name: 'Work with us' } }]);

    // Who may not edit pages never reads a draft's title: never published, the page is only counted; published, it is
    // named as visitors see it while a new title waits in its draft.
    expect(find(await library('author'), social.id)).toMatchObject({ uses: [], hiddenUses: 1 });
    expect(JSON.stringify(await library('author'))).not.toContain('Work with us');
    await t.staff
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...words, title: 'Work with us' }, version: 2, publish: true })
      .expect(200);
    await t.staff
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...words, title: 'Hiring soon' }, version: 3, publish: false })
      .expect(200);
    expect(find(await library('author'), social.id)).toMatchObject({
      uses: [{ place: 'page', post: null, page: { key, name: 'Work with us' } }],
      hiddenUses: 0,
    });
    expect(find(await library('editor'), social.id)!.uses).toEqual([{ place: 'page', post: null, page: { key, name: 'Hiring soon' } }]);
    await t.staff.req('delete', `/api/admin/pages/${key}?version=4`).expect(200);
    expect(find(await library(), social.id)!.uses).toEqual([]);
  });

  it('says where each image is used: a post’s text, its featured image, the settings; "Unused" lists only the others', async () => {
    const inText = await upload('in-text.png');
    const featured = await upload('featured.png');
    const inSettings = await upload('logo.png');
    const unused = await upload('spare.png');
    const created = await t.staff.req('post', '/api/admin/posts').send(
      postInput({
        title: 'Racks in pictures',
        content: `<p>Our rack:</p><img src="${inText.src}" alt="A rack">`,
        featuredImage: featured.src,
        featuredImageAlt: 'A tidy rack',
      }),
    );
    expect(created.status).toBe(201);
    const post = created.body as BlogPost;
    await writeSettingsDocument(t.database.db, 'sharing', { image: inSettings.src }, new Date().toISOString());

    const page = await library();
    expect(find(page, inText.id)!.uses).toEqual([{ place: 'body', post: { id: post.id, title: 'Racks in pictures' } }]);
    expect(find(page, featured.id)!.uses).toEqual([{ place: 'featured', post: { id: post.id, title: 'Racks in pictures' } }]);
    expect(find(page, inSettings.id)!.uses).toEqual([{ place: 'settings', post: null }]);
    for (const id of [inText.id, featured.id, inSettings.id]) expect(find(page, id)!.unusedSince).toBeNull();

    const unusedPage = await library('owner', '?show=unused');
    expect(unusedPage.images.map((i) => i.id)).toContain(unused.id);
    expect(unusedPage.images.map((i) => i.id)).not.toEqual(expect.arrayContaining([inText.id]));
    expect(unusedPage.images.every((i) => i.uses.length === 0 && i.unusedSince !== null)).toBe(true);
    expect(unusedPage.totals.unused).toBe(unusedPage.images.length);
  });

  it('deleting an image in use is refused (409) with the list of uses and nothing deleted; once unused it is deleted, copies and all', async () => {
    const image = await upload('diagram.png');
    const created = await t.staff.req('post', '/api/admin/posts').send(
      postInput({
        title: 'Network diagram',
        content: `<img src="${image.src}" alt="Diagram">`,
        featuredImage: image.src,
        featuredImageAlt: 'Diagram',
      }),
    );
    const post = created.body as BlogPost;

    const refused = await t.staff.req('delete', `/api/admin/images/${image.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      status: 'ABORTED',
      message: MEDIA_TEXT.inUse('diagram.png', ['Network diagram (in the text)', 'Network diagram (featured image)']),
      details: {
        uses: [
          { place: 'body', post: { id: post.id, title: 'Network diagram' } },
          { place: 'featured', post: { id: post.id, title: 'Network diagram' } },
        ],
      },
    });
    expect(await rows(image.id)).toEqual({ images: 1, variants: 6 });

    // The post stops using it: it is unused from that save.
    const saved = await t.staff
      .req('put', `/api/admin/posts/${post.id}`)
      .send(postInput({ title: 'Network diagram', content: '<p>No picture now.</p>' }));
    expect(saved.status).toBe(200);
    expect(find(await library(), image.id)).toMatchObject({ uses: [], unusedSince: (saved.body as BlogPost).updatedAt });

    const deleted = await t.staff.req('delete', `/api/admin/images/${image.id}`);
    expect(deleted.status).toBe(204);
    expect(await rows(image.id)).toEqual({ images: 0, variants: 0 });
    expect((await request(t.app).get(image.src)).status).toBe(404);
    expect((await t.staff.req('delete', `/api/admin/images/${image.id}`)).status).toBe(404);
    const audit = await auditEntries(t.staff, { action: 'image.deleted' });
    expect(audit.map((e) => e.target)).toContain(`${image.id} diagram.png`);
  });

  // Security finding 3: `/media/%35dc6…/…` shows the image, but was not counted as a use, so it could be deleted.
  it('a post naming an image by a percent-encoded address stores it canonical and uses it: not unused, delete refused', async () => {
    const image = await upload('encoded.png');
    const { id, file } = addressParts(image.src);
    const encoded = `/media/${percentEncoded(id, 0)}/${file}`;
    expect((await request(t.app).get(encoded)).status).toBe(200);

    const created = await t.staff.req('post', '/api/admin/posts').send(
      postInput({
        title: 'Encoded address',
        content: `<img src="${encoded}" alt="A rack">`,
        featuredImage: encoded,
        featuredImageAlt: 'A rack',
      }),
    );
    expect(created.status).toBe(201);
    const post = created.body as BlogPost;
    const usedBy = { id: post.id, title: 'Encoded address' };
    const uses = [
      { place: 'body', post: usedBy },
      { place: 'featured', post: usedBy },
    ];
    expect(find(await library(), image.id)).toMatchObject({ uses, unusedSince: null });
    expect((await library('owner', '?show=unused')).images.map((i) => i.id)).not.toContain(image.id);
    expect((await t.staff.req('delete', `/api/admin/images/${image.id}`)).status).toBe(409);
    expect(post.featuredImage).toBe(image.src);
    expect(post.content).toContain(`src="${image.src}"`);
    expect((await request(t.app).get(`/blog/${post.slug}`)).text).toContain(`src="${image.src}"`);
  });

  it('every other way of writing an image’s address that a browser or the server reads as it is stored canonical, as a use', async () => {
    const image = await upload('variants.png');
    const { id, file } = addressParts(image.src);
    const variants: Array<[string, string]> = [
      [`/media/${id}/${file.replace('.', '%2E')}`, image.src],
      [`/MEDIA/${id}/${file}`, image.src],
      [`/media/${id}/${file}/`, image.src],
      [`/media/./${id}/${file}`, image.src],
      [`/media\\${id}\\${file}`, image.src],
      [`/blog/../media/${id}/${file}?v=2`, `${image.src}?v=2`],
      [`https://www.example.com.au/media/${percentEncoded(id, 1)}/${file}`, `https://www.example.com.au${image.src}`],
    ];
    for (const [address, stored] of variants) {
      const content = `<p><a href="${address}">Full size</a></p><img src="${address}" alt="x">`;
      const input = postInput({ title: `Variant ${address}`, content, featuredImage: address, featuredImageAlt: 'x' });
      const saved = await t.staff.req('post', '/api/admin/posts').send(input);
      expect(saved.status, address).toBe(201);
      const post = saved.body as BlogPost;
      expect(post.featuredImage, address).toBe(stored);
      expect(post.content, address).toContain(`href="${stored}"`);
      expect(post.content, address).toContain(`src="${stored}"`);
      expect(
        find(await library(), image.id)!
          .uses.map((u) => u.place)
          .sort(),
        address,
      ).toEqual(['body', 'featured']);
      expect((await t.staff.req('delete', `/api/admin/posts/${post.id}`)).status).toBe(204);
    }
    expect((await request(t.app).get(`/MEDIA/${id}/${file}`)).status).toBe(200);
  });

  it('deleting a post leaves the images it used unused from then', async () => {
    const image = await upload('only-here.png');
    const post = (
      await t.staff.req('post', '/api/admin/posts').send(postInput({ title: 'Soon gone', content: `<img src="${image.src}" alt="x">` }))
    ).body as BlogPost;
    expect(find(await library(), image.id)!.unusedSince).toBeNull();
    expect((await t.staff.req('delete', `/api/admin/posts/${post.id}`)).status).toBe(204);
    const after = find(await library(), image.id)!;
    expect(after.uses).toEqual([]);
    expect(Date.parse(after.unusedSince!)).toBeGreaterThan(Date.parse(post.updatedAt) - 1);
  });

  it('alt text is set per image (trimmed, audited), refused past 300 characters', async () => {
    const image = await upload('team.png');
    const res = await t.staff.req('patch', `/api/admin/images/${image.id}`).send({ alt: '  The support team at their desks ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: image.id, alt: 'The support team at their desks' });
    expect(find(await library(), image.id)!.alt).toBe('The support team at their desks');
    const stored = await t.database.db.selectFrom('images').select('alt_text').where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(stored.alt_text).toBe('The support team at their desks');
    expect((await auditEntries(t.staff, { action: 'image.alt_changed' })).map((e) => e.target)).toContain(`${image.id} team.png`);

    const tooLong = await t.staff.req('patch', `/api/admin/images/${image.id}`).send({ alt: 'x'.repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details.fields).toEqual({ alt: 'Alt text must be at most 300 characters.' });
    expect((await t.staff.req('patch', '/api/admin/images/00000000-0000-4000-8000-000000000000').send({ alt: 'x' })).status).toBe(404);
  });

  it('roles: the library is for those who write posts; an Author changes and deletes only their own images, an Editor anyone’s', async () => {
    expect((await as('sales').req('get', '/api/admin/images')).status).toBe(403);
    expect(
      (
        await as('sales')
          .req('post', '/api/admin/images?name=a.png')
          .set('Content-Type', 'image/png')
          .send(await makeImage(10, 10))
      ).status,
    ).toBe(403);
    expect((await as('author').req('get', '/api/admin/images')).status).toBe(200);

    const editors = await upload('editors.png', 'editor');
    const authors = await upload('authors.png', 'author');
    for (const [method, body] of [
      ['patch', { alt: 'Mine now' }],
      ['delete', undefined],
    ] as const) {
      const res = await as('author').req(method, `/api/admin/images/${editors.id}`).send(body);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ status: 'PERMISSION_DENIED', message: MEDIA_TEXT.notYours });
    }
    expect(await rows(editors.id)).toEqual({ images: 1, variants: 6 });
    expect((await as('author').req('patch', `/api/admin/images/${authors.id}`).send({ alt: 'An author’s photo' })).status).toBe(200);
    expect((await as('editor').req('patch', `/api/admin/images/${authors.id}`).send({ alt: 'Reworded by the editor' })).status).toBe(200);
    expect((await as('editor').req('delete', `/api/admin/images/${authors.id}`)).status).toBe(204);
    expect((await as('author').req('delete', `/api/admin/images/${(await upload('mine.png', 'author')).id}`)).status).toBe(204);
    expect((await as('editor').req('delete', `/api/admin/images/${editors.id}`)).status).toBe(204);

    const page = await request(t.app).get('/admin/media').set('X-Forwarded-Proto', 'https');
    expect(page.status).toBe(302);
    expect((await as('sales').req('get', '/admin/media')).status).toBe(403);
    const authorPage = await as('author').req('get', '/admin/media');
    expect(authorPage.status).toBe(200);
    expect(authorPage.text).toContain('<h1>Media</h1>');
    expect(authorPage.text).toContain('<a href="/admin/media" aria-current="page">Media</a>');
    expect((await as('sales').req('get', '/admin/dashboard')).text).not.toContain('href="/admin/media"');
  });

  // Security finding 7: "Used in" named other Authors' drafts (titles and ids) to any Author.
  it('an Author sees the uses in posts they may open (their drafts, public posts); the others are only counted', async () => {
    const second = { email: 'second.author@northbridge-it.com.au', name: 'Sam Second', password: STAFF.password, role: 'author' } as const;
    await staffService(t.database.db).createAccount(SYSTEM_ACTOR, second);
    const other = new StaffClient(t.app);
    expect((await other.signIn(second.email)).status).toBe(200);
    const image = await upload('shared.png', 'author');
    async function write(client: StaffClient, title: string, published = false, publishedAt = day(0)) {
      const content = `<img src="${image.src}" alt="Shared">`;
      const res = await client.req('post', '/api/admin/posts').send(postInput({ title, content, published, publishedAt }));
      expect(res.status).toBe(201);
      return res.body as BlogPost;
    }
    const mine = await write(as('author'), 'My own draft');
    const live = await write(t.staff, 'Published for all', true);
    const scheduled = await write(t.staff, 'Launch next year', true, '2099-01-01T00:00:00.000Z');
    const hidden = [await write(other, 'Secret merger plans'), await write(other, 'Unannounced price rise'), scheduled];

    const seen = find(await library('author'), image.id)!;
    expect(seen.uses).toEqual([
      { place: 'body', post: { id: mine.id, title: 'My own draft' } },
      { place: 'body', post: { id: live.id, title: 'Published for all' } },
    ]);
    expect(seen.hiddenUses).toBe(3);
    const refused = await as('author').req('delete', `/api/admin/images/${image.id}`);
    expect(refused.status).toBe(409);
    const listed = ['My own draft (in the text)', 'Published for all (in the text)', MEDIA_TEXT.otherUses(3)];
    expect(refused.body.error.message).toBe(MEDIA_TEXT.inUse('shared.png', listed));
    expect(refused.body.error.details).toEqual({ uses: seen.uses, hiddenUses: 3 });
    // Nothing of the others' posts reaches the Author: not the list, the refusal, the alt text's answer or the page.
    const answers = [
      JSON.stringify(await library('author')),
      JSON.stringify(refused.body),
      JSON.stringify((await as('author').req('patch', `/api/admin/images/${image.id}`).send({ alt: 'Shared' })).body),
      (await as('author').req('get', '/admin/media')).text,
    ];
    for (const answer of answers) {
      for (const post of hidden) {
        expect(answer).not.toContain(post.title);
        expect(answer).not.toContain(post.id);
      }
    }
    // Who may edit every post sees every use.
    const editors = find(await library('editor'), image.id)!;
    const everyTitle = ['Launch next year', 'My own draft', 'Published for all', 'Secret merger plans', 'Unannounced price rise'];
    expect(editors.uses.map((use) => use.post?.title)).toEqual(everyTitle);
    expect(editors.hiddenUses).toBe(0);
  });

  it('a list query given twice or a bad page link is refused', async () => {
    expect((await t.staff.req('get', '/api/admin/images?show=unused&show=all')).status).toBe(400);
    expect((await t.staff.req('get', '/api/admin/images?cursor=nonsense')).status).toBe(400);
    expect((await t.staff.req('get', '/admin/media?cursor=nonsense')).status).toBe(404);
  });
});

describe.each(configuredEngines())('unused images and the retention job on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  async function upload(name: string): Promise<LibraryImage> {
    const res = await t.staff
      .req('post', `/api/admin/images?name=${name}`)
      .set('Content-Type', 'image/png')
      .send(await makeImage(100, 80));
    return res.body as LibraryImage;
  }
  const exists = async (id: string) =>
    (await t.database.db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('an image unused for longer than the set age is deleted with its copies, audited; used and younger ones stay (the clock moved)', async () => {
    const orphan = await upload('orphan.png');
    const used = await upload('used.png');
    await t.staff.req('post', '/api/admin/posts').send(postInput({ title: 'Keeps its image', content: `<img src="${used.src}" alt="x">` }));
    const uploaded = Date.parse(orphan.uploadedAt);

    expect(await purgeUnusedImages(t.database.db, silent, 30, new Date(uploaded + 29 * DAY))).toEqual({ images: 0, bytes: 0 });
    expect(await exists(orphan.id)).toBe(true);

    const purged = await purgeUnusedImages(t.database.db, silent, 30, new Date(uploaded + 31 * DAY));
    expect(purged.images).toBe(1);
    expect(purged.bytes).toBeGreaterThan(0);
    expect(await exists(orphan.id)).toBe(false);
    expect(await t.database.db.selectFrom('image_variants').select('image_id').where('image_id', '=', orphan.id).execute()).toEqual([]);
    expect(await exists(used.id)).toBe(true);
    const audit = await auditEntries(t.staff, { action: 'images.purged' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'system', userId: null });
    expect(audit[0]!.target).toMatch(/^1 image \(.+\) unused for more than 30 days deleted$/);
  });

  it('the age counts from the last use, and the job runs it with the configured age even when leads are kept for ever', async () => {
    const image = await upload('was-used.png');
    const post = (
      await t.staff.req('post', '/api/admin/posts').send(postInput({ title: 'Used then not', content: `<img src="${image.src}" alt="x">` }))
    ).body as BlogPost;
    // Forty days after the upload the post drops it (a save at that moment): unused from then, not from the upload.
    const dropped = new Date(Date.parse(image.uploadedAt) + 40 * DAY);
    await createBlogService({ db: t.database.db }).updatePost(
      post.id,
      postInput({ title: 'Used then not', content: '<p>Text only.</p>' }),
      { now: dropped },
    );
    const row = await t.database.db.selectFrom('images').select('unused_since').where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(row.unused_since).toBe(dropped.toISOString());

    const at = (days: number) => new Date(dropped.getTime() + days * DAY);
    const early = startRetentionJob({ db: t.database.db, logger: silent, days: undefined, unusedImageDays: 7, now: () => at(6) });
    await early.stop();
    expect(await exists(image.id)).toBe(true);
    const due = startRetentionJob({ db: t.database.db, logger: silent, days: undefined, unusedImageDays: 7, now: () => at(8) });
    await due.stop();
    expect(await exists(image.id)).toBe(false);
  });

  it('the library says when an unused image will be deleted', async () => {
    const image = await upload('dated.png');
    const page = await t.staff.req('get', '/admin/media');
    expect(page.status).toBe(200);
    expect(page.text).toContain('dated.png');
    expect(page.text).toContain(MEDIA_TEXT.intro(30));
    expect(image.unusedSince).toBe(image.uploadedAt);
    expect(page.text).toMatch(/Deleted on [^<]+ unless it is used before then\./);
  });
});

describe.each(configuredEngines())('migration 160 on %s', (engine) => {
  it('fills in where existing images are used, and counts the rest unused since their upload', async () => {
    const database = await createTestDatabase(engine);
    try {
      expect((await migrateTo(database, '2026-11-26-140-passkeys')).error).toBeUndefined();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before migration 160
      const before = database.db as unknown as Kysely<any>;
      const at = '2026-10-01T00:00:00.000Z';
      const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
      for (const id of ids) {
        await before
          .insertInto('images')
          .values({ id, file_name: `${id}.png`, format: 'png', width: 10, height: 10, bytes: 5, uploaded_by: null, created_at: at })
          .execute();
        await before
          .insertInto('image_variants')
          .values({ image_id: id, width: 10, format: 'png', content_type: 'image/png', data: new Uint8Array(7) })
          .execute();
      }
      await before
        .insertInto('blogs')
        .values({
          id: 'b1',
          slug: 'a',
          title: 'A',
          excerpt: 'e',
          content: `<img src="/media/${ids[0]}/10.png">`,
          author: 'x',
          tags: '[]',
          featured_image: `/media/${ids[1]}/10.png`,
          published: 1,
          published_at: at,
          created_at: at,
          updated_at: at,
          read_time: 1,
        })
        .execute();
      expect(await migrateUp(database)).toContain('2026-11-26-160-media-library');

      const uses = await database.db.selectFrom('image_uses').selectAll().orderBy('image_id').execute();
      expect(uses).toEqual([
        { image_id: ids[0], source: 'post', source_id: 'b1', place: 'body' },
        { image_id: ids[1], source: 'post', source_id: 'b1', place: 'featured' },
      ]);
      const images = await database.db
        .selectFrom('images')
        .select(['id', 'unused_since', 'stored_bytes', 'alt_text'])
        .orderBy('id')
        .execute();
      expect(images).toEqual([
        { id: ids[0], unused_since: null, stored_bytes: 7, alt_text: '' },
        { id: ids[1], unused_since: null, stored_bytes: 7, alt_text: '' },
        { id: ids[2], unused_since: at, stored_bytes: 7, alt_text: '' },
      ]);
      expect((await migrateTo(database, '2026-11-26-140-passkeys')).error).toBeUndefined();
    } finally {
      await database.drop();
    }
  });
});
