import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StoredPost,
  countBlogs,
  findPublicBlogBySlug,
  insertBlogs,
  listPublicBlogUpdates,
  listPublicBlogs,
} from '../../db/queries/blogs.ts';
import { postStatus } from '../../shared/blog.ts';
import { runsFor } from '../helpers/property-payloads.ts';
import { type TestDatabase, configuredEngines, createTestDatabase } from '../helpers/test-app.ts';

/*
 * "A post is public" has one meaning (docs/product.md#blog): published, and its publish time reached. The site asks
 * it in SQL (`isPublicAt`, for lists, counts, the sitemap and a post's page) and in memory (`postStatus`, for the
 * editor and the admin's lists). Over random posts and moments, both must give the same answer for every post,
 * on both engines, including the millisecond the publish time is reached.
 */
const BASE = Date.parse('2027-02-01T00:00:00.000Z');
/** Offsets that put publish times and "now" on, just before and just after each other. */
const OFFSETS_MS = [-86_400_000, -1_000, -1, 0, 1, 1_000, 86_400_000];
const at = (offset: number) => new Date(BASE + offset).toISOString();

const postArb = fc.record({ published: fc.boolean(), offset: fc.constantFrom(...OFFSETS_MS) });
/** Fewer than the payload properties: each run writes and reads a dozen rows, not one request. */
const runsOf = (engine: string) => Math.max(50, Math.ceil(runsFor(engine) / 20));

function storedPost(n: number, published: boolean, publishedAt: string): StoredPost {
  return {
    id: randomUUID(),
    slug: `post-${n}`,
    title: `Post ${n}`,
    excerpt: 'An excerpt.',
    content: '<p>Words.</p>',
    author: 'Staff',
    tags: [],
    featuredImage: null,
    featuredImageAlt: null,
    published,
    publishedAt,
    publishDateFixed: true,
    createdAt: at(-86_400_000),
    updatedAt: at(-86_400_000),
    readTime: 1,
    searchText: `post ${n}`,
  };
}

describe.each(configuredEngines())('a public post means the same in SQL and in memory on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(engine);
  });
  afterAll(() => db?.drop());

  it('lists, counts, the sitemap and a post page agree with postStatus for every post and moment', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(postArb, { minLength: 1, maxLength: 12 }), fc.constantFrom(...OFFSETS_MS), async (drawn, nowOffset) => {
        await db.db.deleteFrom('blogs').execute();
        const posts = drawn.map((p, n) => storedPost(n, p.published, at(p.offset)));
        await insertBlogs(db.db, posts);
        const now = at(nowOffset);
        const status = new Map(posts.map((p) => [p.slug, postStatus(p, Date.parse(now))]));
        const publicSlugs = posts
          .filter((p) => status.get(p.slug) === 'Published')
          .map((p) => p.slug)
          .sort();

        const listed = await listPublicBlogs(db.db, { now, after: null, search: null, limit: posts.length + 1 });
        expect(listed.map((p) => p.slug).sort()).toEqual(publicSlugs);
        const sitemap = await listPublicBlogUpdates(db.db, now, posts.length + 1);
        expect(sitemap.map((p) => p.slug).sort()).toEqual(publicSlugs);
        for (const post of posts) {
          expect(Boolean(await findPublicBlogBySlug(db.db, post.slug, now))).toBe(status.get(post.slug) === 'Published');
        }
        const count = (wanted: string) => [...status.values()].filter((s) => s === wanted).length;
        expect(await countBlogs(db.db, now)).toEqual({
          published: count('Published'),
          drafts: count('Draft'),
          scheduled: count('Scheduled'),
        });
      }),
      { numRuns: runsOf(engine) },
    );
  }, 300_000);
});
