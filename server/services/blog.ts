import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type BlogListRow,
  bumpContentVersion,
  countBlogs,
  deleteBlog,
  deleteRedirect,
  findBlogById,
  findPublicBlogBySlug,
  findRedirectSlug,
  findSlugsLike,
  insertBlog,
  listAllBlogs,
  listPublicBlogUpdates,
  listPublicBlogs,
  updateBlog,
  upsertRedirect,
} from '../../db/queries/blogs.ts';
import type { BlogRow } from '../../db/types.ts';
import {
  BLOG_PAGE_SIZE,
  BLOG_SEARCH_MAX,
  type BlogListPage,
  type BlogListQuery,
  type BlogPageService,
  type BlogPost,
  type BlogSummary,
} from '../../shared/blog.ts';
import { type Cursor, decodeCursor, encodeCursor } from '../../shared/cursor.ts';
import { type BlogPostData, type BlogPostInput, BlogPostInputSchema } from '../../shared/schemas/blog-post.ts';
import { fieldErrors } from '../../shared/schemas/fields.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { hasVisibleContent, htmlToText, readTimeMinutes } from '../../shared/read-time.ts';
import { slugify } from '../../shared/slug.ts';
import { AppError } from '../errors.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/** The content area whose version the page cache watches (see page-cache.ts). */
export const BLOG_AREA = 'blog';
/** RSS carries the newest 20 public posts. */
export const FEED_SIZE = 20;
/** One sitemap file holds at most 50,000 URLs (sitemaps.org); the static pages take a few. */
export const SITEMAP_MAX_POSTS = 49_900;

export interface BlogPostCounts {
  published: number;
  drafts: number;
  scheduled: number;
}

export interface BlogService extends BlogPageService {
  createPost(input: BlogPostInput, now?: Date): Promise<BlogPost>;
  updatePost(id: string, input: BlogPostInput, now?: Date): Promise<BlogPost>;
  deletePost(id: string): Promise<void>;
  getPostById(id: string): Promise<BlogPost | null>;
  listAllPosts(query: { cursor?: string | null }): Promise<BlogListPage>;
  countPosts(now?: Date): Promise<BlogPostCounts>;
  /** The newest public posts, for the RSS feed. */
  feedPosts(now?: Date): Promise<BlogSummary[]>;
  /** Slug and last change of every public post (newest first, capped at one sitemap's worth). */
  sitemapPosts(now?: Date): Promise<Array<{ slug: string; updatedAt: string }>>;
}

export interface BlogServiceDeps {
  db: Db;
  /** Called after every committed write, so caches drop what they rendered. */
  onChange?: () => void;
}

function toSummary(row: BlogListRow): BlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    tags: JSON.parse(row.tags) as string[],
    featuredImage: row.featured_image,
    published: row.published === 1,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    readTime: row.read_time,
  };
}

/** Content is sanitised again on the way out, so a row written by any other path cannot carry a script. */
function toPost(row: BlogRow): BlogPost {
  return { ...toSummary(row), content: sanitizeHtml(row.content) };
}

function page(rows: BlogListRow[], limit: number): BlogListPage {
  const posts = rows.slice(0, limit).map(toSummary);
  const last = posts.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ publishedAt: last.publishedAt, id: last.id }) : null;
  return { posts, nextCursor };
}

function cursorOrThrow(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const cursor = decodeCursor(value);
  if (!cursor) throw new AppError('INVALID_ARGUMENT', 'That page link is not valid.');
  return cursor;
}

/** Search text as stored: lowercased, white space folded, cut to the accepted length. */
export function normaliseSearch(q: string | null | undefined): string | null {
  const text = (q ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return text ? [...text].slice(0, BLOG_SEARCH_MAX).join('') : null;
}

function parseInput(input: BlogPostInput): BlogPostData {
  const parsed = BlogPostInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_ARGUMENT', FIELD_MESSAGES.fixErrors, { details: { fieldErrors: fieldErrors(parsed.error) } });
  }
  // Content made only of what the sanitiser removes (a lone <script>, an iframe) would be stored empty.
  if (!hasVisibleContent(sanitizeHtml(parsed.data.content))) {
    throw new AppError('INVALID_ARGUMENT', FIELD_MESSAGES.fixErrors, {
      details: { fieldErrors: { content: FIELD_MESSAGES.required('Content') } },
    });
  }
  return parsed.data;
}

/** The smallest free `slug`, `slug-2`, `slug-3`… among the given taken slugs. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** True when the database refused a duplicate key (SQLite and PostgreSQL word it differently). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e?.message ?? '');
}

/** Everything stored for a post's fields, derived the same way on create, on update and by bulk loaders. */
export function blogColumns(data: BlogPostData) {
  const content = sanitizeHtml(data.content);
  return {
    title: data.title,
    excerpt: data.excerpt,
    content,
    author: data.author,
    tags: JSON.stringify(data.tags),
    featured_image: data.featuredImage,
    published: data.published ? 1 : 0,
    read_time: readTimeMinutes(content),
    search_text: `${data.title}\n${data.excerpt}\n${htmlToText(content)}`.toLowerCase(),
  };
}

export function createBlogService({ db, onChange = () => {} }: BlogServiceDeps): BlogService {
  /** Runs a write in one transaction with the version bump; retries once if another save took the slug. */
  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await db.transaction().execute(async (trx) => {
          const value = await work(trx);
          await bumpContentVersion(trx, BLOG_AREA);
          return value;
        });
        onChange();
        return result;
      } catch (err) {
        if (attempt >= 3 || !isUniqueViolation(err)) throw err;
      }
    }
  }

  async function freeSlug(trx: Db, title: string, exceptId?: string): Promise<string> {
    const base = slugify(title) || 'post';
    const slug = nextFreeSlug(base, await findSlugsLike(trx, base, exceptId));
    await deleteRedirect(trx, slug);
    return slug;
  }

  async function mustFind(id: string, trx: Db = db): Promise<BlogRow> {
    const row = await findBlogById(trx, id);
    if (!row) throw new AppError('NOT_FOUND', 'Blog post not found');
    return row;
  }

  return {
    async listPublic({ cursor, q }: BlogListQuery, now = new Date()) {
      const rows = await listPublicBlogs(db, {
        now: now.toISOString(),
        after: cursorOrThrow(cursor),
        search: normaliseSearch(q),
        limit: BLOG_PAGE_SIZE + 1,
      });
      return page(rows, BLOG_PAGE_SIZE);
    },

    async getPublicBySlug(slug, now = new Date()) {
      const row = await findPublicBlogBySlug(db, slug, now.toISOString());
      return row ? toPost(row) : null;
    },

    async resolveRedirect(oldSlug, now = new Date()) {
      return (await findRedirectSlug(db, oldSlug, now.toISOString())) ?? null;
    },

    async feedPosts(now = new Date()) {
      const rows = await listPublicBlogs(db, { now: now.toISOString(), after: null, search: null, limit: FEED_SIZE });
      return rows.map(toSummary);
    },

    async sitemapPosts(now = new Date()) {
      const rows = await listPublicBlogUpdates(db, now.toISOString(), SITEMAP_MAX_POSTS);
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
    },

    async createPost(input, now = new Date()) {
      const data = parseInput(input);
      const id = randomUUID();
      const at = now.toISOString();
      await write(async (trx) => {
        await insertBlog(trx, {
          id,
          slug: await freeSlug(trx, data.title),
          ...blogColumns(data),
          published_at: data.publishedAt ?? at,
          created_at: at,
          updated_at: at,
        });
      });
      return toPost(await mustFind(id));
    },

    async updatePost(id, input, now = new Date()) {
      const data = parseInput(input);
      await write(async (trx) => {
        const before = await mustFind(id, trx);
        const slug = slugify(data.title) === before.slug ? before.slug : await freeSlug(trx, data.title, id);
        // A published post's old address keeps working (301) once its title, and so its slug, changes.
        if (slug !== before.slug && before.published === 1) await upsertRedirect(trx, before.slug, id, now.toISOString());
        await updateBlog(trx, id, {
          slug,
          ...blogColumns(data),
          published_at: data.publishedAt ?? before.published_at,
          updated_at: now.toISOString(),
        });
      });
      return toPost(await mustFind(id));
    },

    async deletePost(id) {
      await write(async (trx) => {
        if (!(await deleteBlog(trx, id))) throw new AppError('NOT_FOUND', 'Blog post not found');
      });
    },

    async getPostById(id) {
      const row = await findBlogById(db, id);
      return row ? toPost(row) : null;
    },

    async listAllPosts({ cursor }) {
      const rows = await listAllBlogs(db, { after: cursorOrThrow(cursor), limit: BLOG_PAGE_SIZE * 4 + 1 });
      return page(rows, BLOG_PAGE_SIZE * 4);
    },

    async countPosts(now = new Date()) {
      return countBlogs(db, now.toISOString());
    },
  };
}
