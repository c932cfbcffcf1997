import request from 'supertest';
import { fromBuffer } from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF, type SignedInStaffApp, auditEntries, insertQuote, signedInStaffApp } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
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

    it('an Administrator downloads one zip with posts, pages, navigation, settings, redirects and media, and no leads or staff', async () => {
      const leadEmail = `visitor-${engine}@lead.example.net`;
      await insertQuote(t.database.db, { email: leadEmail, name: 'Vera Visitor' });
      const draft = await t.staff
        .req('post', '/api/admin/posts')
        .send(postInput({ title: `A draft ${engine}`, published: false, tags: 'Cloud' }));
      expect(draft.status).toBe(201);
      expect((await t.staff.req('post', '/api/admin/redirects').send({ from: '/old-home', to: '/about', status: 301 })).status).toBe(201);

      const res = await t.staff
        .req('post', '/admin/export.zip')
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
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
      expect((await auditEntries(t.staff)).map((e) => e.sentence.join(''))).toContainEqual(
        expect.stringMatching(/^Exported the site’s content: \d+ posts/),
      );
    });

    it('a signed-out visitor and a link from another site cannot start an export', async () => {
      expect((await request(t.app).post('/admin/export.zip').set('X-Forwarded-Proto', 'https')).status).not.toBe(200);
      expect((await t.staff.req('post', '/admin/export.zip', { csrf: false })).status).toBe(403);
    });
  });
}
