import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { configuredEngines } from '../helpers/test-app.ts';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { STAFF, auditEntries, signedInPerson, signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const VALID = {
  title: 'Backups That Actually Restore',
  excerpt: 'Most backups are never tested. Here is how to know yours will work.',
  author: 'Sam Staff',
  content: '<h2>Test restores</h2><p>Restore one file every month.</p><script>alert(1)</script>',
  tags: ' Backup, , Security ,',
  featuredImage: 'https://images.example.com/backup.jpg',
  featuredImageAlt: 'A backup drive beside a server rack',
  published: true,
};

describe.each(configuredEngines())('admin blog editor on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  it('the editor page renders its fields on the server, with the signed-in name as author', async () => {
    const res = await t.staff.req('get', '/admin/blog-editor');
    expect(res.status).toBe(200);
    for (const label of ['Title', 'Excerpt', 'Author', 'Content', 'Tags', 'Featured image URL', 'Publish this post']) {
      expect(res.text).toContain(`>${label}<`);
    }
    expect(res.text).toContain(`value="${STAFF.name}"`);
    expect(res.text).toContain('type="datetime-local"');
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
  });

  it('staff saving an empty post get every required field reported beside it', async () => {
    const res = await t.staff
      .req('post', '/api/admin/posts')
      .send({ title: ' ', excerpt: '', author: '', content: '', tags: '', featuredImage: 'javascript:alert(1)', published: false });
    expect(res.status).toBe(400);
    const errors = res.body.error.details.fields as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['author', 'content', 'excerpt', 'featuredImage', 'title']);
    expect((await t.staff.req('get', '/api/admin/posts')).body.posts).toEqual([]);
  });

  it('staff publish a post: slug from the title, tags cleaned, script removed, read time set, audited', async () => {
    const res = await t.staff.req('post', '/api/admin/posts').send(VALID);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: 'backups-that-actually-restore', tags: ['Backup', 'Security'], published: true, readTime: 1 });
    expect(res.body.content).not.toContain('<script');
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    const page = await request(t.app).get('/blog/backups-that-actually-restore');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Restore one file every month.');
    const audit = (await auditEntries(t.staff)).filter((e) => e.action.startsWith('post.'));
    expect(audit.map((a) => a.action).sort()).toEqual(['post.created', 'post.published']);
  });

  it('a second post with the same title gets -2, a third -3', async () => {
    const second = await t.staff.req('post', '/api/admin/posts').send({ ...VALID, published: false });
    const third = await t.staff.req('post', '/api/admin/posts').send({ ...VALID, published: false });
    expect(second.body.slug).toBe('backups-that-actually-restore-2');
    expect(third.body.slug).toBe('backups-that-actually-restore-3');
  });

  it('a first save sent again with its Idempotency-Key (the answer was lost) saves over the post it made, even at once', async () => {
    const key = crypto.randomUUID();
    const draft = { ...VALID, title: 'Sent Twice', published: false };
    const first = await t.staff.req('post', '/api/admin/posts').set('Idempotency-Key', key).send(draft);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(key);
    const again = await t.staff
      .req('post', '/api/admin/posts')
      .set('Idempotency-Key', key.toUpperCase())
      .send({ ...draft, excerpt: 'Words typed while offline.' });
    expect(again.body).toMatchObject({ id: key, slug: 'sent-twice', excerpt: 'Words typed while offline.' });
    // Two at once (the first still running when the retry starts): still one post.
    const other = crypto.randomUUID();
    const both = await Promise.all(
      [0, 1].map(() =>
        t.staff
          .req('post', '/api/admin/posts')
          .set('Idempotency-Key', other)
          .send({ ...draft, title: 'Sent At Once' }),
      ),
    );
    expect(both.map((res) => res.body.id)).toEqual([other, other]);
    const titles = ((await t.staff.req('get', '/api/admin/posts')).body.posts as Array<{ title: string }>).map((p) => p.title);
    expect(titles.filter((title) => title.startsWith('Sent'))).toEqual(['Sent At Once', 'Sent Twice']);

    const bad = await t.staff.req('post', '/api/admin/posts').set('Idempotency-Key', 'not-a-uuid').send(draft);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('A new post’s Idempotency-Key header must be a UUID.');
  });

  it('renaming a published post moves it, and its old address answers 301 to the new one', async () => {
    const created = await t.staff.req('post', '/api/admin/posts').send({ ...VALID, title: 'Old Name For A Post' });
    const updated = await t.staff.req('put', `/api/admin/posts/${created.body.id}`).send({ ...VALID, title: 'New Name For A Post' });
    expect(updated.status).toBe(200);
    expect(updated.body.slug).toBe('new-name-for-a-post');
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));
    expect(updated.body.createdAt).toBe(created.body.createdAt);
    const old = await request(t.app).get('/blog/old-name-for-a-post');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/blog/new-name-for-a-post');
  });

  // Security finding 4: an Author's new draft took an Editor's renamed post's old address, whose 301 went at once.
  it('a renamed post’s old address is free only to someone who may publish, and its 301 stays until they publish', async () => {
    const author = (await signedInPerson(t, 'author', 'ari@northbridge-it.com.au')).browser;
    const editor = (await signedInPerson(t, 'editor', 'eve@northbridge-it.com.au')).browser;
    const renamed = await editor.req('post', '/api/admin/posts').send({ ...VALID, title: 'Firewall Rules', slug: 'firewall-rules' });
    expect(
      (await editor.req('put', `/api/admin/posts/${renamed.body.id}`).send({ ...VALID, slug: 'firewall-rules-explained' })).status,
    ).toBe(200);
    const stillRedirects = async () => {
      const old = await request(t.app).get('/blog/firewall-rules');
      expect(old.status).toBe(301);
      expect(old.headers.location).toBe('/blog/firewall-rules-explained');
    };
    await stillRedirects();

    // An Author's draft cannot have it: chosen, it is refused; made from the title, it skips to the next free one.
    const draft = { ...VALID, title: 'Firewall Rules', published: false };
    const refused = await author.req('post', '/api/admin/posts').send({ ...draft, slug: 'firewall-rules' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields).toEqual({ slug: EDITOR_MESSAGES.slugStillRedirects('firewall-rules', 'firewall-rules-2') });
    await stillRedirects();
    const derived = await author.req('post', '/api/admin/posts').send(draft);
    expect(derived.body.slug).toBe('firewall-rules-2');
    expect((await author.req('put', `/api/admin/posts/${derived.body.id}`).send({ ...draft, slug: 'firewall-rules' })).status).toBe(400);
    await stillRedirects();

    // An Editor's draft may have it, and the 301 answers until they publish that post.
    const replacement = { ...draft, title: 'Firewall Rules, Revisited', slug: 'firewall-rules' };
    const saved = await editor.req('post', '/api/admin/posts').send(replacement);
    expect(saved.body.slug).toBe('firewall-rules');
    expect((await editor.req('put', `/api/admin/posts/${saved.body.id}`).send({ ...replacement, excerpt: 'Edited.' })).status).toBe(200);
    await stillRedirects();
    expect((await editor.req('put', `/api/admin/posts/${saved.body.id}`).send({ ...replacement, published: true })).status).toBe(200);
    const page = await request(t.app).get('/blog/firewall-rules');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Firewall Rules, Revisited');
  });

  it('a scheduled post is not public until its time, but staff can preview it', async () => {
    const later = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const res = await t.staff.req('post', '/api/admin/posts').send({ ...VALID, title: 'Coming Next Week', publishedAt: later });
    expect(res.body.publishedAt).toBe(later);
    expect((await request(t.app).get('/blog/coming-next-week')).status).toBe(404);
    const preview = await t.staff.req('get', `/admin/preview/${res.body.id}`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Scheduled: visitors can read it from');
    expect(preview.text).toContain('Restore one file every month.');
    const signedOut = await request(t.app).get(`/admin/preview/${res.body.id}`);
    expect(signedOut.status).toBe(302);
    const list = await t.staff.req('get', '/admin/blog');
    expect(list.text).toMatch(/Coming Next Week<\/a>[\s\S]*?badge-scheduled">Scheduled</);
    expect(list.text).toMatch(/Backups That Actually Restore<\/a>[\s\S]*?badge-draft">Draft</);
  });

  it('the edit page loads a post into the form', async () => {
    const created = await t.staff.req('post', '/api/admin/posts').send({ ...VALID, title: 'Editable Post' });
    const res = await t.staff.req('get', `/admin/blog-editor/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('value="Editable Post"');
    expect(res.text).toContain('value="Backup, Security"');
    expect(res.text).toContain('checked=""');
    expect((await t.staff.req('get', '/admin/blog-editor/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('staff delete a post; it is gone from the list and the blog', async () => {
    const created = await t.staff.req('post', '/api/admin/posts').send({ ...VALID, title: 'Delete This Post' });
    expect((await t.staff.req('delete', `/api/admin/posts/${created.body.id}`)).status).toBe(204);
    expect((await request(t.app).get('/blog/delete-this-post')).status).toBe(404);
    expect((await t.staff.req('get', '/admin/blog')).text).not.toContain('Delete This Post');
    expect((await t.staff.req('delete', `/api/admin/posts/${created.body.id}`)).status).toBe(404);
    expect((await t.staff.req('get', '/admin/blog?cursor=garbage')).status).toBe(404);
  });
});
