import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeImage } from '../helpers/images.ts';
import { dryRun, oldSite, runImport } from '../helpers/import-client.ts';
import { signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/**
 * A Ghost export as Settings → Labs → Export writes it (https://ghost.org/docs/migration/custom/: `db[0].meta` and
 * `db[0].data` with posts, tags, posts_tags, users, posts_authors), with a `redirects` list beside the data.
 */
function ghostExport(site: string): unknown {
  const post = (id: string, extra: Record<string, unknown>) => ({
    id,
    uuid: `uuid-${id}`,
    title: `Post ${id}`,
    slug: `post-${id}`,
    mobiledoc: null,
    lexical: '{"root":{"children":[]}}',
    html: `<p>Body of ${id}.</p>`,
    plaintext: `Body of ${id}.`,
    feature_image: null,
    featured: 0,
    type: 'post',
    status: 'published',
    visibility: 'public',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-02T00:00:00.000Z',
    published_at: '2024-01-02T08:00:00.000Z',
    custom_excerpt: null,
    ...extra,
  });
  return {
    db: [
      {
        meta: { exported_on: 1_704_153_600_000, version: '5.75.0' },
        data: {
          posts: [
            post('g1', {
              title: 'Ghost hello',
              slug: 'ghost-hello',
              custom_excerpt: 'Moved from Ghost.',
              feature_image: `${site}/content/images/2024/01/cover.png`,
            }),
            post('g2', { title: 'Ghost draft', slug: 'ghost-draft', status: 'draft', published_at: null }),
            post('g3', { title: 'Ghost later', slug: 'ghost-later', status: 'scheduled', published_at: '2099-06-01T00:00:00.000Z' }),
            post('g4', { title: 'Ghost contact page', slug: 'contact-us', type: 'page' }),
          ],
          tags: [
            { id: 't1', name: 'Networking', slug: 'networking' },
            { id: 't2', name: '#hidden', slug: 'hash-hidden' },
          ],
          posts_tags: [
            { id: 'pt1', post_id: 'g1', tag_id: 't1', sort_order: 0 },
            { id: 'pt2', post_id: 'g1', tag_id: 't2', sort_order: 1 },
          ],
          users: [{ id: 'u1', name: 'Gina Ghost', slug: 'gina', email: 'gina@old.example' }],
          posts_authors: [
            { id: 'pa1', post_id: 'g1', author_id: 'u1', sort_order: 0 },
            { id: 'pa2', post_id: 'g3', author_id: 'u1', sort_order: 0 },
          ],
          settings: [{ key: 'title', value: 'Old Ghost Blog' }],
          redirects: [{ from: '/old-hello/', to: '/ghost-hello/', permanent: true }],
        },
      },
    ],
  };
}

describe.each(configuredEngines())('a Ghost export imported on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  let site: Awaited<ReturnType<typeof oldSite>>;

  beforeAll(async () => {
    site = await oldSite(new Map([['/content/images/2024/01/cover.png', await makeImage(1000, 500)]]));
  });
  afterAll(() => site.close());

  it('imports posts, a page, tags, authors, the featured image and its redirects through the same dry run and report', async () => {
    const file = JSON.stringify(ghostExport(site.url));
    const plan = await dryRun(t.staff, file, 'ghost.json');
    expect(plan.summary).toMatchObject({
      kind: 'ghost',
      siteTitle: 'Old Ghost Blog',
      counts: { posts: 3, pages: 1, tags: 1, images: 1 },
      statuses: { published: 1, scheduled: 1, drafts: 1 },
      bylineFallbacks: 1,
    });
    const report = await runImport(t.staff, plan.id);
    expect(report.state).toBe('done');

    const rows = await t.database.db.selectFrom('blogs').selectAll().where('slug', 'like', 'ghost-%').execute();
    const hello = rows.find((r) => r.slug === 'ghost-hello')!;
    expect(hello).toMatchObject({
      title: 'Ghost hello',
      author: 'Gina Ghost',
      excerpt: 'Moved from Ghost.',
      published: 1,
      published_at: '2024-01-02T08:00:00.000Z',
    });
    expect(JSON.parse(hello.tags)).toEqual(['Networking']);
    expect(hello.featured_image).toMatch(/^\/media\//);
    expect((await request(t.app).get(hello.featured_image!)).status).toBe(200);
    expect(rows.find((r) => r.slug === 'ghost-draft')).toMatchObject({ published: 0, author: 'Sam Staff' });
    expect(rows.find((r) => r.slug === 'ghost-later')).toMatchObject({ published: 1, published_at: '2099-06-01T00:00:00.000Z' });

    // Ghost's own addresses (/{slug}/), its redirects file and its tag archives.
    for (const [old, now] of [
      ['/ghost-hello/', '/blog/ghost-hello'],
      ['/tag/networking/', '/blog/tag/networking'],
    ] as const) {
      const res = await request(t.app).get(old);
      expect([res.status, res.headers.location], old).toEqual([301, now]);
    }
    // The site answers Ghost's feed address itself; nothing was skipped.
    const feed = await request(t.app).get('/rss/');
    expect([feed.status, feed.headers.location]).toEqual([301, '/rss.xml']);
    expect(report.summary.skippedRedirects).toEqual([]);
    const redirects = await t.database.db.selectFrom('redirects').select(['from_path', 'to_target']).execute();
    expect(redirects).toContainEqual({ from_path: '/old-hello', to_target: '/blog/ghost-hello' });
    expect((await request(t.app).get('/contact-us')).text).toContain('Body of g4.');

    const again = await dryRun(t.staff, file, 'ghost.json');
    expect(again.summary.alreadyImported).toBe(4);
    expect(again.summary.counts).toMatchObject({ posts: 0, pages: 0 });
  });
});
