import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import type { LibraryImage } from '../../shared/media.ts';
import { type SignedInStaffApp, signedInStaffApp } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { makeImage } from '../helpers/images.ts';
import { downloadSiteExport, dryRun, runImport, siteCounts } from '../helpers/import-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** A page's main content as a visitor gets it, with image ids (new on the other site) written alike. */
async function mainOf(t: SignedInStaffApp, path: string): Promise<{ status: number; main: string }> {
  const res = await request(t.app).get(path).set('X-Forwarded-Proto', 'https');
  const main = /<main\b[\s\S]*<\/main>/.exec(res.text)?.[0] ?? '';
  return { status: res.status, main: main.replace(/\/media\/[0-9a-f-]{36}\//g, '/media/ID/') };
}

describe.each(configuredEngines())('this site’s own archive imported into a fresh site on %s', (engine) => {
  const from = useTestApp(() => signedInStaffApp({ engine }));
  const to = useTestApp(() => signedInStaffApp({ engine }));

  it('reproduces its public pages: posts with their images, pages, words, navigation, settings and redirects; again adds nothing', async () => {
    // The old site: an image in a post and featured, a renamed post, a draft, a page staff made, About's words,
    // the navigation, the company's name and a redirect.
    const image = (
      await from.staff
        .req('post', '/api/admin/images?name=rack.png')
        .set('Content-Type', 'image/png')
        .send(await makeImage(1200, 800))
    ).body as LibraryImage;
    // Published as /blog/racks, then moved: the archive carries the old slug too.
    const racks = (slug: string) =>
      postInput({
        title: 'Racks and cables',
        slug,
        tags: 'Hardware, Cabling',
        content: `<p>Our rack:</p><p><img src="${image.src}" alt="A rack"></p>`,
        featuredImage: image.src,
        featuredImageAlt: 'A rack',
        published: true,
        publishedAt: '2024-04-01T09:00:00.000Z',
      });
    const post = await from.staff.req('post', '/api/admin/posts').send(racks('racks'));
    expect(post.status).toBe(201);
    expect((await from.staff.req('put', `/api/admin/posts/${post.body.id}`).send(racks('racks-and-cables'))).status).toBe(200);
    expect((await from.staff.req('post', '/api/admin/posts').send(postInput({ title: 'Unfinished', published: false }))).status).toBe(201);
    const page = {
      title: 'Careers',
      address: 'careers',
      body: `<h2>Join us</h2><p>We hire engineers.</p><p><img src="${image.src}" alt="Our office"></p>`,
      seoTitle: 'Careers at Northbridge',
      metaDescription: 'Engineering roles in Sydney.',
      socialImage: '',
      showInFooter: true,
    };
    expect(
      (await from.staff.req('put', `/api/admin/pages/page-${randomUUID()}`).send({ words: page, version: 0, publish: true })).status,
    ).toBe(200);
    const about = (await from.staff.req('get', '/api/admin/pages/about')).body;
    const aboutSaved = await from.staff
      .req('put', '/api/admin/pages/about')
      .send({ words: { ...about.published, title: 'Thirty years of keeping Sydney online' }, version: about.version, publish: true });
    expect(aboutSaved.status).toBe(200);
    const settings = await from.staff
      .req('put', '/api/admin/settings')
      .send({ ...DEFAULT_SITE_SETTINGS, name: 'Roundtrip Networks Pty Ltd' });
    expect(settings.status).toBe(200);
    expect((await from.staff.req('post', '/api/admin/redirects').send({ from: '/old-careers', to: '/careers', status: 301 })).status).toBe(
      201,
    );

    const exported = await downloadSiteExport(from.staff);
    expect(exported.status).toBe(200);
    const archive = exported.body as Buffer;

    const plan = await dryRun(to.staff, archive, 'site-export.zip');
    expect(plan.summary).toMatchObject({ kind: 'archive', counts: { posts: 2, pages: 1, images: 1 } });
    const report = await runImport(to.staff, plan.id);
    expect(report.error).toBeNull();
    expect(report.summary.restored).toEqual(expect.arrayContaining(['About', 'site settings']));

    for (const path of ['/', '/about', '/blog', '/blog/racks-and-cables', '/careers', '/blog/tag/hardware']) {
      const [before, after] = [await mainOf(from, path), await mainOf(to, path)];
      expect(before.main, path).toMatch(/^<main\b[\s\S]{200,}/);
      expect(after.status, path).toBe(200);
      expect(after.main, path).toBe(before.main);
    }
    expect((await mainOf(to, '/about')).main).toContain('Thirty years of keeping Sydney online');
    const footer = (await request(to.app).get('/').set('X-Forwarded-Proto', 'https')).text;
    expect(footer).toContain('Roundtrip Networks Pty Ltd');
    expect(footer).toContain('href="/careers"');
    for (const [old, now] of [
      ['/blog/racks', '/blog/racks-and-cables'],
      ['/old-careers', '/careers'],
    ] as const) {
      const res = await request(to.app).get(old).set('X-Forwarded-Proto', 'https');
      expect([res.status, res.headers.location], old).toEqual([301, now]);
    }
    const served = await request(to.app).get(
      (await to.database.db.selectFrom('blogs').select('featured_image').where('slug', '=', 'racks-and-cables').executeTakeFirstOrThrow())
        .featured_image!,
    );
    expect(served.status).toBe(200);
    expect(
      (await to.database.db.selectFrom('blogs').select('published').where('title', '=', 'Unfinished').executeTakeFirstOrThrow()).published,
    ).toBe(0);

    const count = () => siteCounts(to.database.db);
    const before = await count();
    const again = await dryRun(to.staff, archive, 'site-export.zip');
    expect(again.summary.counts).toMatchObject({ posts: 0, pages: 0, images: 0 });
    expect((await runImport(to.staff, again.id)).state).toBe('done');
    expect(await count()).toEqual(before);
  });
});
