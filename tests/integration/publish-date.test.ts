import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { expect, it, describe } from 'vitest';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { STAFF, StaffClient, signedInStaffApp, staffService } from '../helpers/admin-client.ts';
import { cardTitles, postInput } from '../helpers/blog-posts.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const parser = new XMLParser({ isArray: (name) => name === 'item' });
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

/** docs/product.md#blog-editor: a draft's date is the moment it is published, unless someone chose one. */
describe.each(configuredEngines())('the publish date of a reviewed draft on %s', (engine) => {
  const t = useTestApp(async () => {
    const app = await signedInStaffApp({ engine });
    for (const [title, age] of [
      ['Ten days old', 10],
      ['Five days old', 5],
    ] as const) {
      expect((await app.staff.req('post', '/api/admin/posts').send(postInput({ title, publishedAt: daysAgo(age) }))).status).toBe(201);
    }
    return app;
  });

  async function signedIn(role: 'editor' | 'author', name: string): Promise<StaffClient> {
    const email = `${name.toLowerCase()}@northbridge-it.com.au`;
    await staffService(t.database.db).createAccount(SYSTEM_ACTOR, { email, name, password: STAFF.password, role });
    const browser = new StaffClient(t.app);
    expect((await browser.signIn(email)).status).toBe(200);
    return browser;
  }

  /** An Author's draft saved as the editor saves it (no date chosen), then aged three weeks in the database. */
  async function agedDraft(author: StaffClient, title: string, publishedAt = ''): Promise<string> {
    const saved = await author.req('post', '/api/admin/posts').send(postInput({ title, published: false, publishedAt }));
    expect(saved.status).toBe(201);
    const old = daysAgo(21);
    await t.database.db.updateTable('blogs').set({ created_at: old, updated_at: old }).where('id', '=', saved.body.id).execute();
    if (!publishedAt) await t.database.db.updateTable('blogs').set({ published_at: old }).where('id', '=', saved.body.id).execute();
    return saved.body.id as string;
  }

  it('an Author’s draft from three weeks ago, published by an Editor, is dated now: first on /blog and in the RSS feed', async () => {
    const author = await signedIn('author', 'Arlo');
    const editor = await signedIn('editor', 'Edna');
    const id = await agedDraft(author, 'Reviewed and live');
    const before = Date.now();
    const res = await editor
      .req('put', `/api/admin/posts/${id}`)
      .send(postInput({ title: 'Reviewed and live', published: true, publishedAt: '' }));
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.publishedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(res.body.publishedAt)).toBeLessThanOrEqual(Date.now());

    const blog = await request(t.app).get('/blog').expect(200);
    expect(cardTitles(blog.text).slice(0, 3)).toEqual(['Reviewed and live', 'Five days old', 'Ten days old']);
    const rss = parser.parse((await request(t.app).get('/rss.xml').expect(200)).text).rss;
    const first = rss.channel.item[0] as { title: string; pubDate: string };
    expect(first.title).toBe('Reviewed and live');
    // RSS dates are to the second.
    expect(Math.abs(Date.parse(first.pubDate) - Date.parse(res.body.publishedAt))).toBeLessThan(1000);

    // Its date is fixed from then on: a later edit keeps it.
    const edited = await editor
      .req('put', `/api/admin/posts/${id}`)
      .send(postInput({ title: 'Reviewed and live', excerpt: 'Later.', publishedAt: '' }));
    expect(edited.body.publishedAt).toBe(res.body.publishedAt);
  });

  it('a draft whose date was chosen on purpose keeps it when published', async () => {
    const author = await signedIn('author', 'Ada');
    const editor = await signedIn('editor', 'Eli');
    const chosen = daysAgo(8);
    const id = await agedDraft(author, 'Backdated on purpose', chosen);
    const res = await editor
      .req('put', `/api/admin/posts/${id}`)
      .send(postInput({ title: 'Backdated on purpose', published: true, publishedAt: '' }));
    expect(res.status).toBe(200);
    expect(res.body.publishedAt).toBe(chosen);
    const titles = cardTitles((await request(t.app).get('/blog').expect(200)).text);
    expect(titles.indexOf('Backdated on purpose')).toBe(titles.indexOf('Ten days old') - 1);
  });
});
