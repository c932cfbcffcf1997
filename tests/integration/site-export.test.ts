import request from 'supertest';
import { fromBuffer } from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, type SignedInStaffApp, auditEntries, insertQuote, signedInStaffApp } from '../helpers/admin-client.ts';
import { downloadSiteExport } from '../helpers/import-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { makeImage } from '../helpers/images.ts';
import type { LibraryImage } from '../../shared/media.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** docs/export-format.md: every file it names, the content in them, and no visitor's or staff member's data. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: { fileName: string }) => {
        zip.openReadStream(entry as never, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

for (const engine of configuredEngines()) {
  describe(`Export site content on ${engine}`, () => {
    let t: SignedInStaffApp;
    beforeAll(async () => {
      t = await signedInStaffApp({ engine });
    }, 60_000);
    afterAll(() => t?.close());

    const download = () => downloadSiteExport(t.staff);
    /** What the site serves at an address, as bytes. */
    const served = async (src: string) =>
      (
        await request(t.app)
          .get(src)
          .buffer(true)
          .parse((response, done) => {
            const chunks: Buffer[] = [];
            response.on('data', (c: Buffer) => chunks.push(c));
            response.on('end', () => done(null, Buffer.concat(chunks)));
          })
      ).body as Buffer;

    it('an Administrator downloads one zip with posts, pages, navigation, settings, redirects and media, and no leads or staff', async () => {
      const leadEmail = `visitor-${engine}@lead.example.net`;
      await insertQuote(t.database.db, { email: leadEmail, name: 'Vera Visitor' });
      const draft = await t.staff
        .req('post', '/api/admin/posts')
        .send(postInput({ title: `A draft ${engine}`, published: false, tags: 'Cloud' }));
      expect(draft.status).toBe(201);
      expect((await t.staff.req('post', '/api/admin/redirects').send({ from: '/old-home', to: '/about', status: 301 })).status).toBe(201);

      const res = await download();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="site-export-\d{4}-\d{2}-\d{2}\.zip"$/);
      const bytes = res.body as Buffer;
      const files = await unzip(bytes);
      for (const name of [
        'manifest.json',
        'posts.json',
        'pages.json',
        'navigation.json',
        'settings.json',
        'redirects.json',
        'media/index.json',
      ]) {
        expect(files.has(name), name).toBe(true);
      }
      const read = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
      expect(read('manifest.json')).toMatchObject({ format: 'site-export', formatVersion: 1, site: { url: 'https://www.example.com.au' } });
      const posts = read('posts.json') as Array<Record<string, unknown>>;
      expect(posts.find((p) => p.id === draft.body.id)).toMatchObject({
        status: 'draft',
        author: 'Priya Raman',
        tags: ['Cloud'],
        slug: draft.body.slug,
      });
      expect(read('redirects.json')).toContainEqual({ from: '/old-home', to: '/about', status: 301, origin: 'staff' });
      expect(read('settings.json')).toHaveProperty('name');
      expect(Array.isArray(read('media/index.json'))).toBe(true);
      expect(read('manifest.json').counts.posts).toBe(posts.length);

      // No visitor's or staff member's data, in any file (the archive's bytes, unpacked).
      const everything = Buffer.concat([...files.values()]).toString('utf8');
      for (const secret of [leadEmail, 'Vera Visitor', STAFF.email, '$argon2', '$scrypt']) expect(everything).not.toContain(secret);
      expect(bytes.includes(Buffer.from(leadEmail))).toBe(false);
      // The entry is written once the whole archive has gone out, so it can land just after the download ends.
      await expect
        .poll(async () => (await auditEntries(t.staff)).map((e) => e.sentence.join('')), { timeout: 10_000 })
        .toContainEqual(expect.stringMatching(/^Exported the site’s content: \d+ posts/));
    });

    it('an image in a post and one featured, each with its alt text: the archive holds the very file the site serves at its src', async () => {
      const upload = async (name: string, bytes: Buffer, type: string, libraryAlt?: string) => {
        const res = await t.staff.req('post', `/api/admin/images?name=${name}`).set('Content-Type', type).send(bytes);
        expect(res.status).toBe(201);
        const image = res.body as LibraryImage;
        if (libraryAlt) expect((await t.staff.req('patch', `/api/admin/images/${image.id}`).send({ alt: libraryAlt })).status).toBe(200);
        return image;
      };
      // Wider than the largest stored width (so the post shows a smaller copy), and narrower than it (kept as it is).
      const wide = await upload('rack.png', await makeImage(2000, 1000), 'image/png', 'A rack of patched switches');
      const small = await upload('desk.jpg', await makeImage(640, 480, 'jpeg'), 'image/jpeg', 'The support desk at 8 am');
      // Described only where the post shows it (typed in the editor's "Add image", the library's alt text left empty).
      const cable = await upload('cable.webp', await makeImage(1000, 600, 'webp'), 'image/webp');
      const post = await t.staff.req('post', '/api/admin/posts').send(
        postInput({
          title: `Pictures ${engine}`,
          content: `<p>Our rack:</p><p><img src="${wide.src}" alt="A rack of patched switches"></p><p><img src="${cable.src}" alt="Cat 6 &amp; fibre, labelled"></p>`,
          featuredImage: small.src,
          featuredImageAlt: 'The support desk at 8 am',
        }),
      );
      expect(post.status).toBe(201);
      // The address each is shown at on the public page.
      const page = (await request(t.app).get(`/blog/${post.body.slug}`).set('X-Forwarded-Proto', 'https')).text;
      for (const image of [wide, small, cable]) expect(page).toContain(`src="${image.src}"`);

      const files = await unzip((await download()).body as Buffer);
      const index = JSON.parse(files.get('media/index.json')!.toString('utf8')) as Array<Record<string, unknown>>;
      for (const [image, alt, type] of [
        [wide, 'A rack of patched switches', 'image/png'],
        [small, 'The support desk at 8 am', 'image/jpeg'],
        [cable, 'Cat 6 & fibre, labelled', 'image/webp'],
      ] as const) {
        const entry = index.find((e) => e.id === image.id);
        expect(entry, image.src).toMatchObject({ alt, contentType: type, width: image.originalWidth, height: image.originalHeight });
        const file = files.get(entry!.file as string);
        expect(file, entry!.file as string).toBeDefined();
        expect(file!.equals(await served(image.src)), `${entry!.file as string} is what ${image.src} serves`).toBe(true);
      }
      const exported = (JSON.parse(files.get('posts.json')!.toString('utf8')) as Array<Record<string, unknown>>).find(
        (p) => p.id === post.body.id,
      );
      expect(exported).toMatchObject({ featuredImage: { src: small.src, alt: 'The support desk at 8 am' } });
      expect(exported!.contentHtml).toContain(`src="${wide.src}"`);
      expect(exported!.contentHtml).toContain('alt="A rack of patched switches"');
    });

    it('a signed-out visitor and a link from another site cannot start an export', async () => {
      expect((await request(t.app).post('/admin/export.zip').set('X-Forwarded-Proto', 'https')).status).not.toBe(200);
      expect((await t.staff.req('post', '/admin/export.zip', { csrf: false })).status).toBe(403);
    });
  });
}
