import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/core/errors.ts';
import { type BlogService, createBlogService } from '../../server/blog/blog-service.ts';
import { day, postInput } from '../helpers/blog-posts.ts';
import { type TestDatabase, configuredEngines, createTestDatabase } from '../helpers/test-app.ts';

describe.each(configuredEngines())('blog writes on %s', (engine) => {
  let database: TestDatabase;
  let blog: BlogService;
  let changes = 0;
  const now = new Date('2026-06-01T00:00:00.000Z');
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    blog = createBlogService({ db: database.db, onChange: () => (changes += 1) });
  });
  afterAll(() => database.drop());

  it('editor creates a post: slug from title, content sanitised as stored (storage check), read time, tags and timestamps', async () => {
    const before = changes;
    const words = Array.from({ length: 450 }, (_, i) => `w${i}`).join(' ');
    const post = await blog.createPost(
      postInput({
        title: '  Zero Trust: for Small Business!  ',
        content: `<p onclick="alert(1)">${words}</p><script>alert(1)</script>`,
        tags: ' Security, , Networking ',
        publishedAt: '',
      }),
      { now },
    );
    expect(post.slug).toBe('zero-trust-for-small-business');
    expect(post.title).toBe('Zero Trust: for Small Business!');
    expect(post.content).toBe(`<p>${words}</p>`);
    expect(post.readTime).toBe(3);
    expect(post.tags).toEqual(['Security', 'Networking']);
    expect(post.createdAt).toBe(now.toISOString());
    expect(post.publishedAt).toBe(now.toISOString());
    expect(post.updatedAt).toBe(now.toISOString());
    expect(changes).toBe(before + 1);
    // Stored sanitised, not only shown sanitised.
    const row = await database.db.selectFrom('blogs').select('content').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.content).not.toContain('script');
  });

  it('a second and third post with the same title get -2 and -3', async () => {
    const a = await blog.createPost(postInput({ title: 'Same Title' }), { now });
    const b = await blog.createPost(postInput({ title: 'same title!' }), { now });
    const c = await blog.createPost(postInput({ title: 'Same  Title' }), { now });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
  });

  it('a title with no letters or digits still gets a slug', async () => {
    expect((await blog.createPost(postInput({ title: '!!!' }), { now })).slug).toBe('post');
  });

  it('editor saves an edit: updatedAt moves, createdAt stays, publishedAt kept unless given', async () => {
    const post = await blog.createPost(postInput({ title: 'Edit me', publishedAt: day(3) }), { now });
    const later = new Date('2026-06-02T00:00:00.000Z');
    const edited = await blog.updatePost(post.id, postInput({ title: 'Edit me', excerpt: 'New', publishedAt: undefined }), { now: later });
    expect(edited.excerpt).toBe('New');
    expect(edited.slug).toBe('edit-me');
    expect(edited.createdAt).toBe(now.toISOString());
    expect(edited.updatedAt).toBe(later.toISOString());
    expect(edited.publishedAt).toBe(day(3));
    const moved = await blog.updatePost(post.id, postInput({ title: 'Edit me', publishedAt: day(4) }), { now: later });
    expect(moved.publishedAt).toBe(day(4));
  });

  it('renaming a published post keeps its old slug as a redirect; a draft leaves none', async () => {
    const post = await blog.createPost(postInput({ title: 'Old Name', publishedAt: day(1) }), { now });
    const renamed = await blog.updatePost(post.id, postInput({ title: 'New Name', publishedAt: day(1) }), { now });
    expect(renamed.slug).toBe('new-name');
    expect(await blog.resolveRedirect('old-name')).toBe('new-name');
    // Renamed back: the slug is a post again, not a redirect.
    await blog.updatePost(post.id, postInput({ title: 'Old Name', publishedAt: day(1) }), { now });
    expect(await blog.resolveRedirect('old-name')).toBeNull();
    expect(await blog.resolveRedirect('new-name')).toBe('old-name');

    const draft = await blog.createPost(postInput({ title: 'Draft Name', published: false }), { now });
    await blog.updatePost(draft.id, postInput({ title: 'Draft Renamed', published: false }), { now });
    expect(await blog.resolveRedirect('draft-name')).toBeNull();
  });

  it('invalid input is refused with a message per field', async () => {
    const err = await blog.createPost(postInput({ title: '', featuredImage: 'javascript:alert(1)' }), { now }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('INVALID_ARGUMENT');
    const { fields } = (err as AppError).details as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['featuredImage', 'title']);
  });

  it('content the sanitiser would empty (only a script or an iframe) is refused as missing, and nothing is stored', async () => {
    const before = await blog.countPosts(now);
    for (const content of ['<script>alert(1)</script>', '<iframe src="https://example.com"></iframe>', '<p> </p>']) {
      await expect(blog.createPost(postInput({ title: `Empty ${content}`, content }), { now })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        details: { fields: { content: 'Content is required.' } },
      });
    }
    expect(await blog.countPosts(now)).toEqual(before);
  });

  it('updating or deleting a missing post is NOT_FOUND', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(blog.updatePost(missing, postInput(), { now })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(blog.deletePost(missing)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('admin lists, counts, reads and deletes posts including drafts and scheduled ones', async () => {
    const scheduled = await blog.createPost(postInput({ title: 'Scheduled', publishedAt: '2027-01-01T00:00:00.000Z' }), { now });
    const draft = await blog.createPost(postInput({ title: 'A Draft', published: false }), { now });
    const counts = await blog.countPosts(now);
    expect(counts.scheduled).toBe(1);
    expect(counts.drafts).toBeGreaterThanOrEqual(2);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await blog.listAllPosts({ cursor });
      all.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(all).toContain(scheduled.id);
    expect(all).toContain(draft.id);
    expect((await blog.getPostById(draft.id))?.title).toBe('A Draft');
    await blog.deletePost(draft.id);
    expect(await blog.getPostById(draft.id)).toBeNull();
    expect((await blog.countPosts(now)).drafts).toBe(counts.drafts - 1);
  });

  it('search finds a post by its new text after an edit', async () => {
    const post = await blog.createPost(postInput({ title: 'Searchable', content: '<p>before</p>' }), { now });
    await blog.updatePost(post.id, postInput({ title: 'Searchable', content: '<p>quokkaword</p>' }), { now });
    expect((await blog.listPublic({ q: 'quokkaword' })).posts.map((p) => p.id)).toEqual([post.id]);
    expect((await blog.listPublic({ q: 'before' })).posts.map((p) => p.id)).not.toContain(post.id);
  });
});
