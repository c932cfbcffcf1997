import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { listStoredWords } from '../../db/queries/site-words.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { makeImage } from '../helpers/images.ts';
import { dryRun, oldSite, runImport, siteCounts } from '../helpers/import-client.ts';
import { signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { type WxrItem, wxr } from '../helpers/wxr.ts';

const NEWS = { domain: 'category', slug: 'news', name: 'News' } as const;
const HOSTING = { domain: 'post_tag', slug: 'web-hosting', name: 'Web Hosting' } as const;
const UNCATEGORISED = { domain: 'category', slug: 'uncategorized', name: 'Uncategorized' } as const;

/** An old WordPress site's export: posts in every status, a page, attachments, categories, tags, shortcodes and blocks. */
function items(site: string): WxrItem[] {
  return [
    { id: 5, title: 'Rack photo', type: 'attachment', status: 'inherit', attachmentUrl: `${site}/wp-content/uploads/2024/03/rack.png` },
    { id: 6, title: 'Gone photo', type: 'attachment', status: 'inherit', attachmentUrl: `${site}/wp-content/uploads/2024/03/gone.png` },
    {
      id: 10,
      title: 'Hello from the old site',
      slug: 'hello-world',
      link: `${site}/2024/03/01/hello-world/`,
      dateGmt: '2024-03-01 09:30:00',
      creator: 'admin',
      categories: [NEWS, HOSTING, UNCATEGORISED],
      thumbnailId: 5,
      excerpt: 'The first post, moved in.',
      content: [
        '<!-- wp:paragraph -->\n<p>Block-editor text.</p>\n<!-- /wp:paragraph -->',
        `[caption id="attachment_5" align="alignnone" width="300"]<img src="${site}/wp-content/uploads/2024/03/rack.png" alt="A rack" width="300" height="200" /> Our new rack[/caption]`,
        '[gallery ids="5,6"]',
        '[embed]https://www.youtube.com/watch?v=abc123[/embed]',
        '[contact-form-7 id="12" title="Contact"]',
        '<p>Citations stay [sic].</p>',
      ].join('\n\n'),
    },
    {
      id: 11,
      title: 'Coming soon',
      slug: 'coming-soon',
      status: 'future',
      link: `${site}/2099/01/01/coming-soon/`,
      dateGmt: '2099-01-01 00:00:00',
      creator: 'jo',
      content: 'Classic editor text.\n\nSecond paragraph.',
    },
    { id: 12, title: 'Half written', slug: '', status: 'draft', creator: 'jo', content: '<p>Draft text.</p>' },
    { id: 13, title: 'Waiting for review', slug: 'pending-one', status: 'pending', creator: 'jo', content: '<p>Pending text.</p>' },
    {
      id: 14,
      title: 'Staff only',
      slug: 'private-one',
      status: 'private',
      link: `${site}/private-one/`,
      creator: 'jo',
      content: '<p>Private text.</p>',
    },
    { id: 15, title: 'Binned', slug: 'binned', status: 'trash', content: '<p>Trash.</p>' },
    {
      id: 16,
      title: 'Clash',
      slug: 'clash',
      link: `${site}/category/news/clash/`,
      dateGmt: '2024-02-01 10:00:00',
      content: '<p>Imported clash.</p>',
    },
    {
      id: 20,
      title: 'About us',
      slug: 'about',
      type: 'page',
      link: `${site}/about/`,
      dateGmt: '2024-01-01 00:00:00',
      content: '<p>We are old.</p>',
    },
    { id: 21, title: 'Careers', slug: 'careers', type: 'page', status: 'draft', content: '<p>Join us.</p>' },
    { id: 30, title: 'Menu item', type: 'nav_menu_item', content: '' },
  ];
}

describe.each(configuredEngines())('a WordPress export imported on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  let site: Awaited<ReturnType<typeof oldSite>>;
  let file: string;

  beforeAll(async () => {
    site = await oldSite(new Map([['/wp-content/uploads/2024/03/rack.png', await makeImage(800, 600)]]));
    file = wxr(site.url, items(site.url), {
      authors: [
        { login: 'admin', name: 'Alex Admin' },
        { login: 'jo', name: 'Jo Writer' },
      ],
    });
    // A post already here at the address an imported one wants.
    await createBlogService({ db: t.database.db }).createPost(postInput({ title: 'Our own clash', slug: 'clash', published: true }));
  });
  afterAll(() => site.close());

  it('shows what will happen before anything is written, then imports it with a report', async () => {
    const postsBefore = await t.database.db.selectFrom('blogs').select('id').execute();
    const plan = await dryRun(t.staff, file, 'old-site.xml');
    expect(plan.state).toBe('planned');
    expect(plan.summary.counts).toEqual({ posts: 6, pages: 2, tags: 2, images: 2, redirects: expect.any(Number) as number });
    expect(plan.summary.statuses).toEqual({ published: 2, scheduled: 1, drafts: 3 });
    expect(plan.summary.content).toEqual({ blockComments: 2, captions: 1, galleries: 1, embeds: 1, droppedShortcodes: 1 });
    expect(plan.summary.skipped.map((s) => s.title).sort()).toEqual(['Binned', 'Menu item']);
    expect(plan.summary.renamed).toEqual([
      { title: 'Clash', from: '/blog/clash', to: '/blog/clash-2' },
      { title: 'About us', from: '/about', to: '/about-2' },
    ]);
    // The dry run wrote no post.
    expect(await t.database.db.selectFrom('blogs').select('id').execute()).toHaveLength(postsBefore.length);

    const report = await runImport(t.staff, plan.id);
    expect(report.error).toBeNull();
    expect(report.state).toBe('done');
    expect(report.done).toBe(report.total);
    expect(report.summary.counts).toMatchObject({ posts: 6, pages: 2, images: 1 });
    expect(report.summary.missingImages).toEqual([
      { url: `${site.url}/wp-content/uploads/2024/03/gone.png`, reason: 'the old site answered 404' },
    ]);
    // The report stays available.
    const last = await t.staff.req('get', '/api/admin/imports/last');
    expect(last.body.last.id).toBe(plan.id);
  });

  it('keeps titles, dates, authors, tags and statuses, never making a draft, pending or private post public', async () => {
    const rows = await t.database.db
      .selectFrom('blogs')
      .selectAll()
      .where('title', 'in', ['Hello from the old site', 'Coming soon', 'Half written', 'Waiting for review', 'Staff only', 'Clash'])
      .execute();
    const by = (title: string) => rows.find((r) => r.title === title)!;
    expect(by('Hello from the old site')).toMatchObject({
      slug: 'hello-world',
      published: 1,
      published_at: '2024-03-01T09:30:00.000Z',
      author: 'Alex Admin',
      excerpt: 'The first post, moved in.',
    });
    expect(JSON.parse(by('Hello from the old site').tags)).toEqual(['News', 'Web Hosting']);
    expect(by('Coming soon')).toMatchObject({ published: 1, published_at: '2099-01-01T00:00:00.000Z', author: 'Jo Writer' });
    expect(by('Coming soon').content).toBe('<p>Classic editor text.</p>\n<p>Second paragraph.</p>');
    for (const draft of ['Half written', 'Waiting for review', 'Staff only']) expect(by(draft).published).toBe(0);
    expect(by('Half written').slug).toBe('half-written');
    expect(by('Clash').slug).toBe('clash-2');
    const blog = await request(t.app).get('/blog');
    expect(blog.text).toContain('Hello from the old site');
    for (const hidden of ['Coming soon', 'Half written', 'Waiting for review', 'Staff only']) expect(blog.text).not.toContain(hidden);
    expect((await request(t.app).get('/blog/private-one')).status).toBe(404);
  });

  it('cleans bodies: no block comments or shortcodes, captions as figures, images served from the media library', async () => {
    const post = await t.database.db.selectFrom('blogs').selectAll().where('slug', '=', 'hello-world').executeTakeFirstOrThrow();
    expect(post.content).not.toContain('wp:paragraph');
    expect(post.content).not.toMatch(/\[(caption|gallery|embed|contact-form-7)/);
    expect(post.content).toContain('[sic]');
    expect(post.content).toMatch(/<figure><img src="\/media\/[^"]+" alt="A rack"[^>]*><figcaption>Our new rack<\/figcaption><\/figure>/);
    expect(post.content).toContain('<p><a href="https://www.youtube.com/watch?v=abc123"');
    expect(post.content).not.toContain(site.url.replace('http://', '') + '/wp-content/uploads/2024/03/rack.png');
    expect(post.featured_image).toMatch(/^\/media\/[0-9a-f-]+\/\d+\.png$/);
    const image = await request(t.app).get(post.featured_image!);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('imports pages as the site’s own pages, published or draft, under a free address', async () => {
    const pages = (await listStoredWords(t.database.db)).filter((r) => r.key.startsWith('page-'));
    const about = pages.find((p) => (p.published as { title?: string } | null)?.title === 'About us');
    expect(about?.published).toMatchObject({ address: 'about-2', body: '<p>We are old.</p>' });
    const careers = pages.find((p) => (p.draft as { title?: string } | null)?.title === 'Careers');
    expect(careers).toMatchObject({ published: null, draft: expect.objectContaining({ address: 'careers' }) as unknown });
    expect((await request(t.app).get('/about-2')).text).toContain('We are old.');
    expect((await request(t.app).get('/careers')).status).toBe(404);
  });

  it('writes each public post’s and page’s old addresses, the archives and the feed as redirects', async () => {
    const rows = await t.database.db.selectFrom('redirects').select(['from_path', 'to_target', 'status', 'origin']).execute();
    const to = (from: string) => rows.find((r) => r.from_path === from)?.to_target;
    expect(to('/2024/03/01/hello-world')).toBe('/blog/hello-world');
    expect(to('/?p=10')).toBe('/blog/hello-world');
    expect(to('/2099/01/01/coming-soon')).toBe('/blog/coming-soon');
    expect(to('/category/news/clash')).toBe('/blog/clash-2');
    expect(to('/about')).toBeUndefined(); // the site's own About page keeps its address
    expect(to('/?page_id=20')).toBe('/about-2');
    expect(to('/category/news')).toBe('/blog/tag/news');
    expect(to('/tag/web-hosting')).toBe('/blog/tag/web%20hosting');
    // The site answers WordPress's feed address itself.
    const feed = await request(t.app).get('/feed/');
    expect([feed.status, feed.headers.location]).toEqual([301, '/rss.xml']);
    expect(to('/private-one')).toBeUndefined();
    expect(to('/?p=12')).toBeUndefined();
    expect(to('/category/uncategorized')).toBeUndefined();
    expect(rows.every((r) => r.status === 301 && r.origin === 'import')).toBe(true);
  });

  it('answers each old permalink with a 301 to the post, in at most two hops', async () => {
    for (const [old, now] of [
      ['/2024/03/01/hello-world/', '/blog/hello-world'],
      ['/2024/03/01/hello-world', '/blog/hello-world'],
      ['/?p=10', '/blog/hello-world'],
      ['/category/news/clash/', '/blog/clash-2'],
      ['/category/news/', '/blog/tag/news'],
    ] as const) {
      let url: string = old;
      let hops = 0;
      let res = await request(t.app).get(url);
      while (res.status === 301 && hops < 2) {
        hops += 1;
        url = res.headers.location!;
        res = await request(t.app).get(url);
      }
      expect([url, res.status], old).toEqual([now, 200]);
    }
  });

  it('adds nothing when the same file is imported again', async () => {
    const count = () => siteCounts(t.database.db);
    const before = await count();
    const plan = await dryRun(t.staff, file, 'old-site.xml');
    expect(plan.summary.alreadyImported).toBe(8);
    expect(plan.summary.counts).toMatchObject({ posts: 0, pages: 0, images: 0 });
    const report = await runImport(t.staff, plan.id);
    expect(report.state).toBe('done');
    expect(await count()).toEqual(before);
  });
});
