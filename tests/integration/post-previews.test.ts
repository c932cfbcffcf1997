import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { PREVIEW_LINKS_PER_POST, PREVIEW_TEXT } from '../../shared/previews.ts';
import { STAFF, type StaffClient, auditEntries, signedInPerson, signedInStaffApp } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { configuredEngines, countingRenderer } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/product.md#blog-editor: a post's share links, and what a link lets someone signed out see (and not see). */
describe.each(configuredEngines())('share links of a post preview on %s', (engine) => {
  const t = useTestApp(async () => {
    const renderer = await countingRenderer();
    return { ...(await signedInStaffApp({ engine, renderer })), renderer };
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  async function createPost(client: StaffClient, overrides: Parameters<typeof postInput>[0]) {
    const res = await client.req('post', '/api/admin/posts').send(postInput(overrides));
    expect(res.status).toBe(201);
    return res.body as { id: string; slug: string; title: string };
  }

  async function share(client: StaffClient, postId: string) {
    const res = await client.req('post', `/api/admin/posts/${postId}/share-links`).send({});
    expect(res.status).toBe(201);
    return res.body as { id: string; url: string; expiresAt: string; createdAt: string; createdBy: string };
  }

  /** The path of a share link's address, as a browser signed out opens it. */
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

  const person = (role: 'editor' | 'author' | 'sales', email: string) => signedInPerson(t, role, email);

  it('a link works signed out for 7 days: the post as saved under its banner, noindex in the header and the page, never cached', async () => {
    const post = await createPost(t.staff, { title: 'Draft About Patching', published: false, content: '<p>Patch on Tuesdays.</p>' });
    const link = await share(t.staff, post.id);
    expect(link.url).toMatch(/^https:\/\/www\.example\.com\.au\/preview\?token=[\w-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * DAY_MS);
    expect(link.createdBy).toBe(STAFF.name);
    // The link's token is kept only as its hash.
    const rows = await t.database.db.selectFrom('preview_links').select(['token_hash']).where('blog_id', '=', post.id).execute();
    expect(rows).toHaveLength(1);
    expect(link.url).not.toContain(rows[0]!.token_hash);

    const page = await request(t.app).get(pathOf(link.url));
    expect(page.status).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.text).toContain('<meta name="robots" content="noindex"/>');
    expect(page.text).toContain('Draft About Patching');
    expect(page.text).toContain('Patch on Tuesdays.');
    expect(page.text).toContain(PREVIEW_TEXT.sharedIntro);
    expect(page.text).toContain(PREVIEW_TEXT.sharedStatus.Draft);
    expect(page.text).toMatch(/It shows the version saved [^<]+ by Sam Staff\./);

    // Rendered afresh for every request: the public page cache never keeps it.
    const rendered = t.renderer.renders.get(pathOf(link.url)) ?? 0;
    await request(t.app).get(pathOf(link.url));
    await request(t.app).get(pathOf(link.url));
    expect(t.renderer.renders.get(pathOf(link.url))).toBe(rendered + 2);

    // An edit shows at once.
    await t.staff
      .req('put', `/api/admin/posts/${post.id}`)
      .send(postInput({ title: 'Draft About Patching', published: false, content: '<p>Patch on Wednesdays.</p>' }));
    expect((await request(t.app).get(pathOf(link.url))).text).toContain('Patch on Wednesdays.');

    const audit = await auditEntries(t.staff, { action: 'post.preview_shared' });
    expect(audit.map((e) => e.target)).toEqual([`${post.id} (until ${link.expiresAt})`]);
  });

  it('a link stops working when it is turned off, and after 7 days (the clock moved on)', async () => {
    const post = await createPost(t.staff, { title: 'Expiring Preview', published: false });
    const link = await share(t.staff, post.id);
    const second = await share(t.staff, post.id);
    expect((await request(t.app).get(pathOf(second.url))).status).toBe(200);
    expect((await t.staff.req('delete', `/api/admin/posts/${post.id}/share-links/${second.id}`)).status).toBe(204);
    const revoked = await request(t.app).get(pathOf(second.url));
    expect(revoked.status).toBe(404);
    expect(revoked.text).toContain(PREVIEW_TEXT.unavailable);
    expect(revoked.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(revoked.headers['cache-control']).toBe('private, no-store');
    // What the editor lists: the links that still work, never their addresses.
    const listed = await t.staff.req('get', `/api/admin/posts/${post.id}/share-links`);
    expect(listed.body).toEqual([{ id: link.id, createdAt: link.createdAt, expiresAt: link.expiresAt, createdBy: STAFF.name }]);
    const again = await t.staff.req('delete', `/api/admin/posts/${post.id}/share-links/${second.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(PREVIEW_TEXT.linkNotFound);
    expect((await auditEntries(t.staff, { action: 'post.preview_revoked' })).map((e) => e.target)).toEqual([
      `${post.id} (link ${second.id})`,
    ]);

    // The server's clock moved on (its Date only: the database and timers run as ever).
    const created = Date.parse(link.createdAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(created + 7 * DAY_MS - 60_000);
    expect((await request(t.app).get(pathOf(link.url))).status).toBe(200);
    vi.setSystemTime(created + 7 * DAY_MS + 60_000);
    const expired = await request(t.app).get(pathOf(link.url));
    expect(expired.status).toBe(404);
    expect(expired.text).toContain(PREVIEW_TEXT.unavailableTitle);
    expect(expired.text).not.toContain('Expiring Preview');
  });

  it('a link shows its own post and no other: not another draft, not by id or slug, not after its post is deleted; related posts are public ones', async () => {
    const mine = await createPost(t.staff, { title: 'Shared Draft', tags: 'Backup', published: false });
    await createPost(t.staff, { title: 'Secret Draft Next Door', tags: 'Backup', published: false, slug: 'secret-draft' });
    await createPost(t.staff, { title: 'Public Backup Story', tags: 'Backup', published: true });
    const link = await share(t.staff, mine.id);
    const token = new URL(link.url).searchParams.get('token')!;
    const secret = (await t.database.db.selectFrom('blogs').select('id').where('slug', '=', 'secret-draft').executeTakeFirstOrThrow()).id;

    for (const path of [
      `/preview?token=${token}`,
      `/preview?token=${token}&id=${secret}`,
      `/preview?id=${secret}&token=${token}&slug=secret-draft`,
    ]) {
      const page = await request(t.app).get(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('Shared Draft');
      // Related posts are the public ones sharing a tag; a draft sharing it is never shown.
      expect(page.text).toContain('Public Backup Story');
      expect(page.text).not.toContain('Secret Draft Next Door');
    }
    for (const path of [
      '/preview',
      '/preview?token=',
      `/preview?token=${link.id}`,
      `/preview?token=${'A'.repeat(43)}`,
      `/preview?token=${token}x`,
      `/preview/${token}`,
    ]) {
      const page = await request(t.app).get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).not.toContain('Shared Draft');
    }
    expect((await t.staff.req('delete', `/api/admin/posts/${mine.id}`)).status).toBe(204);
    expect((await request(t.app).get(`/preview?token=${token}`)).status).toBe(404);
    expect(await t.database.db.selectFrom('preview_links').select('id').where('blog_id', '=', mine.id).execute()).toEqual([]);
  });

  it('a link reaches nothing of the admin: no edit link, no session, the admin and its API still ask to sign in', async () => {
    const post = await createPost(t.staff, { title: 'Outsider Look', published: false });
    const link = await share(t.staff, post.id);
    const token = new URL(link.url).searchParams.get('token')!;
    const page = await request(t.app).get(pathOf(link.url));
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/href="\/admin/);
    expect(page.text).not.toContain('name="_csrf"');

    for (const path of [
      `/admin/preview/${post.id}`,
      `/admin/preview/${post.id}?token=${token}`,
      `/admin/blog-editor/${post.id}?token=${token}`,
    ]) {
      const res = await request(t.app).get(path).set('X-Forwarded-Proto', 'https');
      expect(res.status, path).toBe(302);
      expect(res.headers.location).toMatch(/^\/admin\/login\?next=/);
    }
    for (const [method, path] of [
      ['get', `/api/admin/posts/${post.id}?token=${token}`],
      ['get', `/api/admin/posts/${post.id}/share-links?token=${token}`],
      ['get', `/api/admin/posts/${post.id}/revisions?token=${token}`],
    ] as const) {
      const res = await request(t.app)[method](path).set('X-Forwarded-Proto', 'https');
      expect(res.status, path).toBe(401);
      expect(res.body.error.message).toBe('Please sign in.');
    }
  });

  it('sharing follows editing: an Author shares only their own drafts, an Editor any post, Sales none; a deactivated person’s links stop', async () => {
    const author = await person('author', 'ari@northbridge-it.com.au');
    const editor = await person('editor', 'eve@northbridge-it.com.au');
    const sales = await person('sales', 'sol@northbridge-it.com.au');
    const own = await createPost(author.browser, { title: 'Author Draft', published: false });
    const others = await createPost(t.staff, { title: 'Someone Else Draft', published: false });

    const authorLink = await share(author.browser, own.id);
    expect((await author.browser.req('get', `/admin/preview/${own.id}`)).status).toBe(200);
    expect((await author.browser.req('post', `/api/admin/posts/${others.id}/share-links`).send({})).status).toBe(403);
    expect((await author.browser.req('get', `/api/admin/posts/${others.id}/share-links`)).status).toBe(403);
    expect((await author.browser.req('get', `/admin/preview/${others.id}`)).status).toBe(403);
    const editorLink = await share(editor.browser, own.id);
    expect((await editor.browser.req('delete', `/api/admin/posts/${own.id}/share-links/${authorLink.id}`)).status).toBe(204);
    expect((await sales.browser.req('post', `/api/admin/posts/${own.id}/share-links`).send({})).status).toBe(403);
    expect((await sales.browser.req('get', `/admin/preview/${own.id}`)).status).toBe(403);
    expect(
      (await t.staff.req('post', '/api/admin/posts/00000000-0000-4000-8000-000000000000/share-links').send({})).body.error.message,
    ).toBe(MESSAGES.blogNotFound);

    // Once an Editor publishes it, the post is no longer the Author's to share.
    expect(
      (await editor.browser.req('put', `/api/admin/posts/${own.id}`).send(postInput({ title: 'Author Draft', published: true }))).status,
    ).toBe(200);
    expect((await author.browser.req('post', `/api/admin/posts/${own.id}/share-links`).send({})).status).toBe(403);

    expect((await request(t.app).get(pathOf(editorLink.url))).status).toBe(200);
    expect((await t.staff.req('post', `/api/admin/staff/${editor.id}/deactivate`).send({})).status).toBe(200);
    expect((await request(t.app).get(pathOf(editorLink.url))).status).toBe(404);
  });

  /** The status `/preview` answers for a link, signed out. */
  const statusOf = async (link: { url: string }) => (await request(t.app).get(pathOf(link.url))).status;

  // Security finding 5: a link kept working after its maker lost the right to edit the post, and came back with them.
  it('a link works only while its maker, with the role they have now, may edit the post; the editor lists only those', async () => {
    const author = await person('author', 'ana@northbridge-it.com.au');
    const editor = await person('editor', 'eli@northbridge-it.com.au');
    const demoted = await person('editor', 'dee@northbridge-it.com.au');
    const draft = await createPost(author.browser, { title: 'Draft Shared Three Ways', published: false });
    const authorLink = await share(author.browser, draft.id);
    const editorLink = await share(editor.browser, draft.id);
    const demotedLink = await share(demoted.browser, draft.id);
    expect([await statusOf(authorLink), await statusOf(editorLink), await statusOf(demotedLink)]).toEqual([200, 200, 200]);

    // An Author made Sales may edit nothing; an Editor made Author may not edit someone else's draft.
    const setRole = (id: string, role: string) => t.staff.req('post', `/api/admin/staff/${id}/role`).send({ role });
    expect((await setRole(author.id, 'sales')).status).toBe(200);
    expect((await setRole(demoted.id, 'author')).status).toBe(200);
    expect([await statusOf(authorLink), await statusOf(editorLink), await statusOf(demotedLink)]).toEqual([404, 200, 404]);
    const listed = await t.staff.req('get', `/api/admin/posts/${draft.id}/share-links`);
    expect((listed.body as Array<{ id: string }>).map((l) => l.id)).toEqual([editorLink.id]);
  });

  it('a deactivated person’s link stays off when they are reactivated', async () => {
    const editor = await person('editor', 'rex@northbridge-it.com.au');
    const post = await createPost(t.staff, { title: 'Shared Before Leaving', published: false });
    const link = await share(editor.browser, post.id);
    expect((await t.staff.req('post', `/api/admin/staff/${editor.id}/deactivate`).send({})).status).toBe(200);
    expect(await statusOf(link)).toBe(404);
    expect((await t.staff.req('post', `/api/admin/staff/${editor.id}/reactivate`).send({})).status).toBe(200);
    const page = await request(t.app).get(pathOf(link.url));
    expect(page.status).toBe(404);
    expect(page.text).toContain(PREVIEW_TEXT.unavailable);
    expect(page.text).not.toContain('Shared Before Leaving');
  });

  it(`a post has at most ${PREVIEW_LINKS_PER_POST} working links at once`, async () => {
    const post = await createPost(t.staff, { title: 'Much Shared', published: false });
    const links = [];
    for (let i = 0; i < PREVIEW_LINKS_PER_POST; i += 1) links.push(await share(t.staff, post.id));
    const refused = await t.staff.req('post', `/api/admin/posts/${post.id}/share-links`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(PREVIEW_TEXT.tooMany);
    expect((await t.staff.req('delete', `/api/admin/posts/${post.id}/share-links/${links[0]!.id}`)).status).toBe(204);
    await share(t.staff, post.id);
  });
});
