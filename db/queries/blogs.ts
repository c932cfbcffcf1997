import { PostgresAdapter, sql } from 'kysely';
import { type AdminPostSummary, type BlogPost, type BlogSummary, type PostContent, tagKey } from '../../shared/blog.ts';
import type { Db } from '../database.ts';
import { findNextScheduledWords } from './site-words.ts';
import type { Cursor } from '../../shared/cursor.ts';
import type { BlogRow, NewBlogRow, PostContentColumns } from '../types.ts';
import { namesImages, setImageUses } from './image-uses.ts';
import { afterKey, containsLiteral, isPublicAt, isScheduledAt } from './predicates.ts';

/** A list row: every column but the (large) content, the search text and who may edit it (admin only). */
type BlogListRow = Omit<BlogRow, 'content' | 'search_text' | 'created_by' | 'review_requested_at' | 'publish_date_fixed'>;

/** A post as a save stores it: content already sanitised, and the text that search matches. */
export type StoredPost = BlogPost & { searchText: string };

function toSummary(row: BlogListRow): BlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    tags: JSON.parse(row.tags) as string[],
    featuredImage: row.featured_image,
    featuredImageAlt: row.featured_image_alt,
    published: row.published === 1,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    readTime: row.read_time,
  };
}

/** The post as stored; the blog service sanitises `content` again on the way out. */
function toPost(row: BlogRow): BlogPost {
  return { ...toSummary(row), content: row.content, publishDateFixed: row.publish_date_fixed === 1 };
}

/** The columns of a post's words and image, as both the post and its saved versions store them. */
export function contentColumns(post: PostContent): PostContentColumns {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    author: post.author,
    tags: JSON.stringify(post.tags),
    featured_image: post.featuredImage,
    featured_image_alt: post.featuredImageAlt,
  };
}

function toRow(post: StoredPost): NewBlogRow {
  return {
    id: post.id,
    ...contentColumns(post),
    published: post.published ? 1 : 0,
    published_at: post.publishedAt,
    publish_date_fixed: post.publishDateFixed ? 1 : 0,
    created_at: post.createdAt,
    updated_at: post.updatedAt,
    read_time: post.readTime,
    search_text: post.searchText,
  };
}

const LIST_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'author',
  'tags',
  'featured_image',
  'featured_image_alt',
  'published',
  'published_at',
  'created_at',
  'updated_at',
  'read_time',
] as const;

export interface PublicListQuery {
  /** ISO now: posts published later are not public yet. */
  now: string;
  /** Keyset: rows strictly after this (published_at, id) in newest-first order. */
  after: Cursor | null;
  /** Lowercased search text, matched literally; null for no search. */
  search: string | null;
  limit: number;
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An FTS5 phrase: the whole text in double quotes (doubled inside), so no character is query syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** FTS5's trigram index only answers for 3 or more characters; shorter searches scan `search_text`. */
const TRIGRAM = 3;
/** How many of the newest rows a search reads in order before it asks the text index instead. */
const SEARCH_WINDOW = 500;

/** Public posts (published, publishedAt passed) after the cursor, in list order. */
function publicRows(db: Db, q: PublicListQuery) {
  const query = db.selectFrom('blogs').where(isPublicAt(q.now));
  return q.after ? query.where(afterKey('blogs.published_at', q.after, 'desc', 'blogs.id')) : query;
}

/**
 * Public posts, newest first, keyset-paged on (published_at, id); with `search`, only those whose
 * `search_text` contains it literally. A search runs in two steps, because neither plan is fast for every word:
 * 1. read the newest SEARCH_WINDOW rows in index order and keep the matches: enough when the word is common;
 * 2. otherwise ask the substring index (pg_trgm on PostgreSQL, FTS5 trigram on SQLite) for every matching
 *    row and sort those: fast when the word is rare, which is exactly when step 1 fell short.
 * The LIKE is the exact test in both steps; the index only narrows the rows.
 */
export async function listPublicBlogs(db: Db, q: PublicListQuery): Promise<BlogSummary[]> {
  return (await listPublicRows(db, q)).map(toSummary);
}

async function listPublicRows(db: Db, q: PublicListQuery): Promise<BlogListRow[]> {
  if (!q.search) {
    return publicRows(db, q)
      .select([...LIST_COLUMNS])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .execute();
  }
  const matches = containsLiteral(sql.ref('search_text'), q.search);
  const window = publicRows(db, q)
    .select([...LIST_COLUMNS, 'search_text'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SEARCH_WINDOW);
  const recent = await db
    .selectFrom(window.as('w'))
    .select([...LIST_COLUMNS])
    .where(matches)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute();
  if (recent.length === q.limit) return recent;

  if (isPostgres(db)) {
    // Materialised, so the planner takes the trigram index instead of walking the date order again.
    return db
      .with(
        (cte) => cte('found').materialized(),
        (qb) => qb.selectFrom('blogs').select('id').where(matches),
      )
      .selectFrom('blogs')
      .innerJoin('found', 'found.id', 'blogs.id')
      .select(LIST_COLUMNS.map((c) => `blogs.${c}` as const))
      .where(isPublicAt(q.now))
      .$if(q.after !== null, (qb) => qb.where(afterKey('blogs.published_at', q.after!, 'desc', 'blogs.id')))
      .orderBy('published_at', 'desc')
      .orderBy('blogs.id', 'desc')
      .limit(q.limit)
      .execute();
  }
  let query = publicRows(db, q)
    .select([...LIST_COLUMNS])
    .where(matches);
  if ([...q.search].length >= TRIGRAM) {
    query = query.where(sql<boolean>`blogs.rowid in (select rowid from blogs_fts where blogs_fts match ${ftsPhrase(q.search)})`);
  }
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
}

export interface TagListQuery {
  /** ISO now: posts published later are not public yet. */
  now: string;
  /** The tag's key (`tagKey`): tags are matched whatever their case. */
  tag: string;
  /** Keyset: rows strictly after this (published_at, id) in newest-first order. */
  after: Cursor | null;
  limit: number;
}

/**
 * Public posts carrying a tag, newest first, keyset-paged on (published_at, id) like the list. Walks the
 * `blog_tags_order` index (tag, published_at, blog_id) in order and stops after `limit` public rows; `isPublicAt`
 * is tested on the post itself.
 */
export async function listPublicBlogsByTag(db: Db, q: TagListQuery): Promise<BlogSummary[]> {
  const rows = await db
    .selectFrom('blog_tags')
    .innerJoin('blogs', 'blogs.id', 'blog_tags.blog_id')
    .select(LIST_COLUMNS.map((c) => `blogs.${c}` as const))
    .where('blog_tags.tag', '=', q.tag)
    .where(isPublicAt(q.now))
    .$if(q.after !== null, (qb) => qb.where(afterKey('blog_tags.published_at', q.after!, 'desc', 'blog_tags.blog_id')))
    .orderBy('blog_tags.published_at', 'desc')
    .orderBy('blog_tags.blog_id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map(toSummary);
}

/** Every tag key some public post carries, with the last change of those posts: the sitemap's tag entries. */
export async function listPublicTagUpdates(db: Db, now: string, limit: number): Promise<Array<{ tag: string; updatedAt: string }>> {
  const rows = await db
    .selectFrom('blog_tags')
    .innerJoin('blogs', 'blogs.id', 'blog_tags.blog_id')
    .select(['blog_tags.tag as tag', (eb) => eb.fn.max('blogs.updated_at').as('updatedAt')])
    .where(isPublicAt(now))
    .groupBy('blog_tags.tag')
    .orderBy('blog_tags.tag')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ tag: r.tag, updatedAt: String(r.updatedAt) }));
}

/** Every post, drafts and scheduled ones included (the admin list), newest publishedAt first; or only `createdBy`'s. */
export async function listAllBlogs(
  db: Db,
  q: { after: Cursor | null; limit: number; createdBy?: string | null },
): Promise<AdminPostSummary[]> {
  let query = db.selectFrom('blogs').select([...LIST_COLUMNS, 'review_requested_at']);
  if (q.after) query = query.where(afterKey('published_at', q.after));
  if (q.createdBy) query = query.where('created_by', '=', q.createdBy);
  const rows = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  return rows.map((row) => ({ ...toSummary(row), reviewRequestedAt: row.review_requested_at }));
}

/** Who may edit a post beyond Editors: its creator, while it is a draft; and whether it waits for review. */
export interface PostAccess {
  createdBy: string | null;
  published: boolean;
  reviewRequestedAt: string | null;
}

export async function findPostAccess(db: Db, id: string): Promise<PostAccess | undefined> {
  const row = await db
    .selectFrom('blogs')
    .select(['created_by', 'published', 'review_requested_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { createdBy: row.created_by, published: row.published === 1, reviewRequestedAt: row.review_requested_at };
}

/** Marks a draft as waiting for review (`at`), or no longer waiting (null). */
export async function setReviewRequested(db: Db, id: string, at: string | null): Promise<void> {
  await db.updateTable('blogs').set({ review_requested_at: at }).where('id', '=', id).execute();
}

/** Drafts waiting for review, oldest request first: what Editors see on the dashboard. */
export async function listAwaitingReview(db: Db, limit: number): Promise<AdminPostSummary[]> {
  const rows = await db
    .selectFrom('blogs')
    .select([...LIST_COLUMNS, 'review_requested_at'])
    .where('review_requested_at', 'is not', null)
    .where('published', '=', 0)
    .orderBy('review_requested_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toSummary(row), reviewRequestedAt: row.review_requested_at }));
}

export async function findBlogById(db: Db, id: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPost(row);
}

export async function findPublicBlogBySlug(db: Db, slug: string, now: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogs').selectAll().where('slug', '=', slug).where(isPublicAt(now)).executeTakeFirst();
  return row && toPost(row);
}

/** Slugs already taken by `base` or `base-N`, so a new slug can take the next free number. */
export async function findSlugsLike(db: Db, base: string, exceptId?: string): Promise<string[]> {
  let query = db
    .selectFrom('blogs')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.execute()).map((r) => r.slug);
}

/** Old addresses `base` or `base-N` that redirect to a post other than `exceptId` (a post's own are its own to take back). */
export async function findRedirectSlugsLike(db: Db, base: string, exceptId?: string): Promise<string[]> {
  let query = db
    .selectFrom('blog_redirects')
    .select('old_slug')
    .where((eb) => eb.or([eb('old_slug', '=', base), eb('old_slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('blog_id', '<>', exceptId);
  return (await query.execute()).map((r) => r.old_slug);
}

/** Tag rows a statement inserts at most: 3 values each stays far below SQLite's limit on bound values. */
const TAG_ROWS_PER_INSERT = 1000;

/** The `blog_tags` rows of these posts: one per distinct tag key (migration 120). */
async function insertTagRows(db: Db, posts: readonly StoredPost[]): Promise<void> {
  const rows = posts.flatMap((post) =>
    [...new Set(post.tags.map(tagKey))].map((tag) => ({ blog_id: post.id, tag, published_at: post.publishedAt })),
  );
  for (let i = 0; i < rows.length; i += TAG_ROWS_PER_INSERT) {
    await db
      .insertInto('blog_tags')
      .values(rows.slice(i, i + TAG_ROWS_PER_INSERT))
      .execute();
  }
}

/** Where a post uses uploaded images, as of its last change (the media library's "Used in"). */
function setPostImageUses(db: Db, post: StoredPost): Promise<void> {
  return setImageUses(db, 'post', post.id, { body: post.content, featured: post.featuredImage }, post.updatedAt);
}

/**
 * Stores new posts in one statement (a save inserts one; bulk loaders many), with their tag rows and the images
 * they use; `createdBy` is the staff account that wrote them (null: scripts and demo content).
 */
export async function insertBlogs(db: Db, posts: StoredPost[], createdBy: string | null = null): Promise<void> {
  await db
    .insertInto('blogs')
    .values(posts.map((post) => ({ ...toRow(post), created_by: createdBy })))
    .execute();
  await insertTagRows(db, posts);
  for (const post of posts) if (namesImages(post.content, post.featuredImage)) await setPostImageUses(db, post);
}

/** Rewrites every stored field of an existing post but its creation time, its tag rows and the images it uses. */
export async function updateBlog(db: Db, post: StoredPost): Promise<void> {
  const { id: _id, created_at: _created, ...changes } = toRow(post);
  await db.updateTable('blogs').set(changes).where('id', '=', post.id).execute();
  await db.deleteFrom('blog_tags').where('blog_id', '=', post.id).execute();
  await insertTagRows(db, [post]);
  await setPostImageUses(db, post);
}

/**
 * Deletes a post, its tag rows, its redirects and its uses of images (unused from `at` when it was their last);
 * returns the slug it had, or null when there was no such post.
 */
export async function deleteBlog(db: Db, id: string, at: string): Promise<string | null> {
  await setImageUses(db, 'post', id, {}, at);
  await db.deleteFrom('blog_redirects').where('blog_id', '=', id).execute();
  await db.deleteFrom('blog_tags').where('blog_id', '=', id).execute();
  const row = await db.deleteFrom('blogs').where('id', '=', id).returning('slug').executeTakeFirst();
  return row?.slug ?? null;
}

/** The current slug of the public post that used to live at `oldSlug`. */
export async function findRedirectSlug(db: Db, oldSlug: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('blog_redirects')
    .innerJoin('blogs', 'blogs.id', 'blog_redirects.blog_id')
    .select('blogs.slug')
    .where('blog_redirects.old_slug', '=', oldSlug)
    .where(isPublicAt(now))
    .executeTakeFirst();
  return row?.slug;
}

export async function upsertRedirect(db: Db, oldSlug: string, blogId: string, now: string): Promise<void> {
  await db
    .insertInto('blog_redirects')
    .values({ old_slug: oldSlug, blog_id: blogId, created_at: now })
    .onConflict((oc) => oc.column('old_slug').doUpdateSet({ blog_id: blogId, created_at: now }))
    .execute();
}

/** A slug a published post now has is no longer a redirect. */
export async function deleteRedirect(db: Db, oldSlug: string): Promise<void> {
  await db.deleteFrom('blog_redirects').where('old_slug', '=', oldSlug).execute();
}

export interface BlogCounts {
  published: number;
  drafts: number;
  scheduled: number;
}

export async function countBlogs(db: Db, now: string): Promise<BlogCounts> {
  const row = await db
    .selectFrom('blogs')
    .select([
      sql<number>`sum(case when ${isPublicAt(now)} then 1 else 0 end)`.as('published'),
      sql<number>`sum(case when published = 0 then 1 else 0 end)`.as('drafts'),
      sql<number>`sum(case when ${isScheduledAt(now)} then 1 else 0 end)`.as('scheduled'),
    ])
    .executeTakeFirstOrThrow();
  return { published: Number(row.published ?? 0), drafts: Number(row.drafts ?? 0), scheduled: Number(row.scheduled ?? 0) };
}

/** Slug and last change of public posts, newest first: the sitemap's entries. */
export function listPublicBlogUpdates(db: Db, now: string, limit: number): Promise<Array<{ slug: string; updatedAt: string }>> {
  return db
    .selectFrom('blogs')
    .select(['slug', 'updated_at as updatedAt'])
    .where(isPublicAt(now))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** When the next scheduled post becomes public (so caches know when the public list changes by itself). */
/** The next time public pages change without a write: a scheduled post going live, or a page's scheduled words. */
export async function findNextScheduledAt(db: Db, now: string): Promise<string | null> {
  const [row, words] = await Promise.all([
    db.selectFrom('blogs').select('published_at').where(isScheduledAt(now)).orderBy('published_at', 'asc').limit(1).executeTakeFirst(),
    findNextScheduledWords(db, now),
  ]);
  const times = [row?.published_at, words].filter((t): t is string => Boolean(t)).sort();
  return times[0] ?? null;
}

export async function readContentVersion(db: Db, area: string): Promise<number> {
  const row = await db.selectFrom('content_versions').select('version').where('area', '=', area).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Rows of the change log kept per area (migration 235): a cache further behind than this drops everything. */
const CHANGES_KEPT = 1000;

/**
 * Moves the area's version on, in the caller's transaction. `paths` names the only pages the change touched
 * (docs/decisions/027-publish-drops-its-pages.md); without it, every page cache drops all its pages.
 */
export async function bumpContentVersion(db: Db, area: string, paths?: readonly string[]): Promise<void> {
  await db
    .updateTable('content_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('area', '=', area)
    .execute();
  if (!paths) return;
  const version = await readContentVersion(db, area);
  await db
    .insertInto('content_changes')
    .values({ area, version, paths: JSON.stringify(paths) })
    .execute();
  await db
    .deleteFrom('content_changes')
    .where('area', '=', area)
    .where('version', '<=', version - CHANGES_KEPT)
    .execute();
}

/**
 * The paths changed after version `after` up to `upTo`, or null when that is not known for every version in
 * between (a write that names no paths, a pruned row, a version that went back): then everything changed.
 */
export async function readContentChanges(db: Db, area: string, after: number, upTo: number): Promise<string[] | null> {
  if (upTo <= after) return null;
  const rows = await db
    .selectFrom('content_changes')
    .select('paths')
    .where('area', '=', area)
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .execute();
  if (rows.length !== upTo - after) return null;
  const paths = rows.flatMap((row) => JSON.parse(row.paths) as string[]);
  return paths.includes(EVERY_PATH) ? null : [...new Set(paths)];
}

/** In a change's paths: every page (the header and footer changed). */
export const EVERY_PATH = '*';

/** Every post's slug with its title: what an import checks its posts' addresses against. */
export async function listPostSlugsAndTitles(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('blogs').select(['slug', 'title']).execute();
  return new Map(rows.map((r) => [r.slug, r.title]));
}
