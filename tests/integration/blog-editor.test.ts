import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../shared/admin-texts.ts';
import { STAFF, StaffClient, auditEntries, createStaff, signedInStaffApp } from '../helpers/admin-client.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const POST = {
  title: 'Patch Tuesday Explained',
  excerpt: 'What the monthly updates are and how to roll them out.',
  author: 'Sam Staff',
  content: '<p>Test on a few machines first.</p>',
  tags: 'Security',
  featuredImage: '',
  published: true,
};

const FORM = {
  title: 'Half a tho',
  excerpt: '',
  author: 'Sam Staff',
  content: '<p>Unfinished <script>alert(1)</script>sentence</p>',
  tags: '',
  featuredImage: '',
  slug: 'half-a-tho',
  slugEdited: false,
  published: false,
  publishedAt: '2026-11-23T10:00',
};

describe.each(configuredEngines())('the blog editor API on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  it('a featured image at an http:// address is refused, saying why', async () => {
    const res = await t.staff.req('post', '/api/admin/posts').send({ ...POST, featuredImage: 'http://images.example.com/a.png' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toEqual({ featuredImage: EDITOR_MESSAGES.featuredImageHttps });
  });

  it('staff choose the address; a published post moved to a new one leaves a 301 behind, even for a page the cache held', async () => {
    const created = await t.staff.req('post', '/api/admin/posts').send({ ...POST, slug: 'patch-tuesday' });
    expect(created.body.slug).toBe('patch-tuesday');
    // Rendered and stored by the public page cache before the move.
    expect((await request(t.app).get('/blog/patch-tuesday')).status).toBe(200);
    expect((await request(t.app).get('/blog/patch-tuesday')).status).toBe(200);

    const moved = await t.staff.req('put', `/api/admin/posts/${created.body.id}`).send({ ...POST, slug: 'patch-tuesday-explained' });
    expect(moved.body.slug).toBe('patch-tuesday-explained');
    const old = await request(t.app).get('/blog/patch-tuesday');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/blog/patch-tuesday-explained');
    expect((await request(t.app).get('/blog/patch-tuesday-explained')).status).toBe(200);

    // A title change no longer moves a post whose address was chosen.
    const retitled = await t.staff
      .req('put', `/api/admin/posts/${created.body.id}`)
      .send({ ...POST, title: 'Patching, Monthly', slug: 'patch-tuesday-explained' });
    expect(retitled.body.slug).toBe('patch-tuesday-explained');
  });

  it('an address another post has is refused with the next free one offered; a malformed one is refused', async () => {
    const clash = await t.staff.req('post', '/api/admin/posts').send({ ...POST, title: 'Other', slug: 'patch-tuesday-explained' });
    expect(clash.status).toBe(400);
    expect(clash.body.error.details.fields).toEqual({
      slug: EDITOR_MESSAGES.slugTaken('patch-tuesday-explained', 'patch-tuesday-explained-2'),
    });
    const bad = await t.staff.req('post', '/api/admin/posts').send({ ...POST, title: 'Other', slug: 'Not A Slug' });
    expect(bad.body.error.details.fields).toEqual({ slug: EDITOR_MESSAGES.slugInvalid });
  });

  it('the form is autosaved per person (script removed), comes back with the editor, and a save ends it (its row deleted: storage check)', async () => {
    const saved = await t.staff.req('put', '/api/admin/posts/new/autosave').send(FORM);
    expect(saved.status).toBe(200);
    const page = await t.staff.req('get', '/admin/blog-editor');
    expect(page.text).toContain('Restored your unsaved changes');
    expect(page.text).toContain('Half a tho');
    expect(page.text).not.toContain('alert(1)');

    // Another staff member does not get it.
    await createStaff(t.database.db, { email: 'other@northbridge-it.com.au', name: 'Olive Other' });
    const other = new StaffClient(t.app);
    await other.signIn('other@northbridge-it.com.au', STAFF.password);
    expect((await other.req('get', '/admin/blog-editor')).text).not.toContain('Restored your unsaved changes');

    const tooLong = await t.staff.req('put', '/api/admin/posts/new/autosave').send({ ...FORM, title: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);

    await t.staff.req('post', '/api/admin/posts').send({ ...POST, title: 'Half a thought, finished' });
    expect((await t.staff.req('get', '/admin/blog-editor')).text).not.toContain('Restored your unsaved changes');
    expect(await t.database.db.selectFrom('blog_autosaves').select('key').execute()).toEqual([]);
  });

  it('each save is a version in the history (who, when); restoring one brings its text back as a new save, audited', async () => {
    const created = await t.staff.req('post', '/api/admin/posts').send({ ...POST, title: 'Versioned Post', published: false });
    const id = created.body.id as string;
    await t.staff
      .req('put', `/api/admin/posts/${id}`)
      .send({ ...POST, title: 'Versioned Post', content: '<p>Second draft.</p>', published: false });
    const history = await t.staff.req('get', `/api/admin/posts/${id}/revisions`);
    expect(history.body).toHaveLength(2);
    expect(history.body[1]).toMatchObject({ title: 'Versioned Post', savedBy: STAFF.name });

    const restored = await t.staff.req('post', `/api/admin/posts/${id}/revisions/${history.body[1].id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.content).toBe('<p>Test on a few machines first.</p>');
    expect((await t.staff.req('get', `/api/admin/posts/${id}/revisions`)).body).toHaveLength(3);
    const audit = (await auditEntries(t.staff, { action: 'post.restored' })).map(({ target }) => ({ target }));
    expect(audit).toEqual([{ target: expect.stringContaining(`${id} versioned-post (version saved `) }]);

    const missing = await t.staff.req('post', `/api/admin/posts/${id}/revisions/no-such-version/restore`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(EDITOR_MESSAGES.revisionNotFound);
  });

  it('each version says what kind of change it was, and its diff against the current post names what changed, word by word', async () => {
    const draft = { ...POST, title: 'Diffed Post', content: '<p>The quick brown fox.</p>', tags: 'Security', published: false };
    const created = await t.staff.req('post', '/api/admin/posts').send(draft);
    const id = created.body.id as string;
    await t.staff.req('put', `/api/admin/posts/${id}`).send({ ...draft, content: '<p>The quick red fox.</p>', tags: 'Security, Patching' });
    await t.staff
      .req('put', `/api/admin/posts/${id}`)
      .send({ ...draft, content: '<p>The quick red fox.</p>', tags: 'Security, Patching', published: true });
    await t.staff
      .req('put', `/api/admin/posts/${id}`)
      .send({ ...draft, content: '<p>The quick red fox.</p>', tags: 'Security, Patching', published: true });
    const history = (await t.staff.req('get', `/api/admin/posts/${id}/revisions`)).body as Array<{ id: string; change: unknown }>;
    expect(history.map((r) => r.change)).toEqual([
      { kind: 'unchanged', fields: [], restoredFrom: null },
      { kind: 'published', fields: ['publishing'], restoredFrom: null },
      { kind: 'edited', fields: ['tags', 'content'], restoredFrom: null },
      { kind: 'created', fields: [], restoredFrom: null },
    ]);

    const diff = await t.staff.req('get', `/api/admin/posts/${id}/revisions/${history[3]!.id}/diff`);
    expect(diff.status).toBe(200);
    expect(diff.body.fields).toEqual([
      {
        field: 'tags',
        parts: [
          { op: 'same', text: 'Security' },
          { op: 'added', text: ', Patching' },
        ],
      },
    ]);
    expect(diff.body.publishing).toMatchObject({ before: { published: false }, after: { published: true } });
    expect(diff.body.content).toEqual([
      { op: 'same', text: 'The quick ' },
      { op: 'removed', text: 'brown' },
      { op: 'added', text: 'red' },
      { op: 'same', text: ' fox.' },
    ]);
    expect((await t.staff.req('get', `/api/admin/posts/${id}/revisions/${history[0]!.id}/diff`)).body).toEqual({
      fields: [],
      publishing: null,
      content: null,
    });

    const restored = await t.staff.req('post', `/api/admin/posts/${id}/revisions/${history[3]!.id}/restore`);
    expect(restored.body.content).toBe('<p>The quick brown fox.</p>');
    const [newest] = (await t.staff.req('get', `/api/admin/posts/${id}/revisions`)).body as Array<{ change: unknown }>;
    expect(newest!.change).toEqual({ kind: 'restored', fields: ['tags', 'content'], restoredFrom: created.body.updatedAt });

    const missing = await t.staff.req('get', `/api/admin/posts/${id}/revisions/no-such-version/diff`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(EDITOR_MESSAGES.revisionNotFound);
    const signedOut = await new StaffClient(t.app).req('get', `/api/admin/posts/${id}/revisions/${history[3]!.id}/diff`);
    expect(signedOut.status).toBe(401);
  });

  it('deleting a post deletes its history and autosaves from storage', async () => {
    const created = await t.staff.req('post', '/api/admin/posts').send({ ...POST, title: 'Short Lived' });
    await t.staff.req('put', `/api/admin/posts/${created.body.id}/autosave`).send({ ...FORM, title: 'Short Lived, edited' });
    expect((await t.staff.req('delete', `/api/admin/posts/${created.body.id}`)).status).toBe(204);
    const left = await t.database.db.selectFrom('blog_revisions').select('id').where('blog_id', '=', created.body.id).execute();
    expect(left).toEqual([]);
    expect(await t.database.db.selectFrom('blog_autosaves').select('key').where('blog_id', '=', created.body.id).execute()).toEqual([]);
  });
});
