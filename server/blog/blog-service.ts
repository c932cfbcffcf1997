import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type StoredPost,
  bumpContentVersion,
  countBlogs,
  deleteBlog,
  deleteRedirect,
  findBlogById,
  findPostAccess,
  listAwaitingReview,
  type PostAccess,
  setReviewRequested,
  findPublicBlogBySlug,
  findRedirectSlug,
  findRedirectSlugsLike,
  findSlugsLike,
  insertBlogs,
  listAllBlogs,
  listPublicBlogUpdates,
  listPublicBlogs,
  listPublicBlogsByTag,
  listPublicTagUpdates,
  updateBlog,
  upsertRedirect,
} from '../../db/queries/blogs.ts';
import {
  deleteAutosave,
  findAutosave,
  findRevision,
  insertRevision,
  listRevisions,
  pruneRevisions,
  upsertAutosave,
} from '../../db/queries/blog-revisions.ts';
import {
  BLOG_LIST_MAX_PAGES,
  BLOG_PAGE_SIZE,
  BLOG_SEARCH_MAX,
  BLOG_SEARCH_RESULTS,
  type AdminPostPage,
  type AdminPostSummary,
  type BlogListQuery,
  type BlogPageService,
  type BlogPost,
  type BlogSummary,
  type BlogTagPage,
  type EditorState,
  REVISIONS_KEPT,
  postStatus,
  rankRelated,
  tagKey,
} from '../../shared/blog.ts';
import { encodeCursor } from '../../shared/cursor.ts';
import { canonicalImageAddress } from '../../shared/images.ts';
import type { RevisionChange, RevisionDiff } from '../../shared/revisions.ts';
import { cursorParam, keysetPage } from '../core/keyset-cursor.ts';
import {
  type BlogPostData,
  type BlogPostInput,
  BlogPostInputSchema,
  type EditorForm,
  EditorFormSchema,
} from '../../shared/schemas/blog-post.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../shared/messages.ts';
import { ADMIN_MESSAGES, EDITOR_MESSAGES, POSTS_TEXT } from '../../shared/admin-texts.ts';
import { hasVisibleContent, htmlToText, readTimeMinutes } from '../../shared/read-time.ts';
import { slugify } from '../../shared/slug.ts';
import { type Actor, SYSTEM_ACTOR, recordAudit } from '../audit/audit-log.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { changeBetween, diffRevision } from './revision-diff.ts';
import { type Writer, assertMayEdit, assertMayPublish, mayPublish } from './post-access.ts';
import { queueReviewRequest } from './review-request.ts';

/** How many drafts waiting for review the dashboard lists. */
const REVIEW_LIST_SIZE = 10;

/** The content area whose version the page cache watches (see page-cache.ts). */
export const BLOG_AREA = 'blog';
/** RSS carries the newest 20 public posts. */
export const FEED_SIZE = 20;
/** Related posts are chosen among this many newest public posts: one cheap indexed read per rendered post. */
export const RELATED_WINDOW = 100;
/** One sitemap file holds at most 50,000 URLs (sitemaps.org); the static pages take a few. */
export const SITEMAP_MAX_POSTS = 49_900;

export interface BlogPostCounts {
  published: number;
  drafts: number;
  scheduled: number;
}

export interface BlogService extends BlogPageService {
  /** Each write is one transaction with its audit entries; `by` defaults to the system (scripts, demo content). */
  /** `newId`, from the editor, names the post: sent again with the same id, the save goes over the post it made. */
  createPost(input: BlogPostInput, by?: WriteContext, newId?: string): Promise<BlogPost>;
  updatePost(id: string, input: BlogPostInput, by?: WriteContext): Promise<BlogPost>;
  deletePost(id: string, by?: WriteContext): Promise<void>;
  getPostById(id: string): Promise<BlogPost | null>;
  /** Every post, or (`createdBy`) one person's: the admin list, with review requests. */
  listAllPosts(query: { cursor?: string | null; createdBy?: string | null }): Promise<AdminPostPage>;
  /** Drafts whose authors asked for review, oldest request first. */
  awaitingReview(): Promise<AdminPostSummary[]>;
  /** An Author's draft goes to the Editors: marked as waiting, and each of them e-mailed through the outbox. */
  submitForReview(id: string, by: WriteContext & { actor: Actor; writer: Writer; authorName: string }): Promise<void>;
  countPosts(now?: Date): Promise<BlogPostCounts>;
  /** The newest public posts, for the RSS feed. */
  feedPosts(now?: Date): Promise<BlogSummary[]>;
  /** Slug and last change of every public post (newest first, capped at one sitemap's worth). */
  sitemapPosts(now?: Date): Promise<Array<{ slug: string; updatedAt: string }>>;
  /** The newest public posts carrying `tag` (any case), for its feed; null when no public post carries it. */
  tagFeedPosts(tag: string, now?: Date): Promise<BlogTagPage | null>;
  /** The key and last change of each tag some public post carries, in key order, at most `limit`: the sitemap's. */
  sitemapTags(limit: number, now?: Date): Promise<Array<{ tag: string; updatedAt: string }>>;
  /** What the editor opens with for `userId`: the post (null: a new one), its history, their newer autosave. */
  editorState(id: string | null, viewer: Writer): Promise<EditorState | null>;
  /** What changed from an earlier version to the post as it is now (docs/product.md#blog-editor). */
  revisionDiff(id: string, revisionId: string, viewer: Writer): Promise<RevisionDiff>;
  /** Brings back an earlier version's text, title, address… as a new save (the post stays published or not). */
  restoreRevision(id: string, revisionId: string, by: WriteContext & { actor: Actor }): Promise<BlogPost>;
  /** Keeps the form as `actor` left it, for the post `id` (null: a new post); returns when it was kept. */
  autosave(id: string | null, form: unknown, by: WriteContext & { actor: Actor }): Promise<{ savedAt: string }>;
  discardAutosave(id: string | null, actor: Actor): Promise<void>;
}

export interface WriteContext {
  actor?: Actor;
  now?: Date;
  /** The signed-in person, whose role limits what they may change (post-access.ts); absent for scripts. */
  writer?: Writer;
}

export interface BlogServiceDeps {
  db: Db;
  /** Called after every committed write, so caches drop what they rendered. */
  onChange?: () => void;
  /** Called after a save that leaves a post published (or scheduled), e.g. to draw its sharing image. */
  onPublished?: (post: BlogPost) => void;
  /**
   * The configured SITE_URL, where a review request's e-mails link; scripts and tests that never submit a draft
   * for review leave it out.
   */
  siteUrl?: string;
}

/** Content is sanitised again on the way out, so a row written by any other path cannot carry a script. */
function sanitised(post: BlogPost): BlogPost {
  return { ...post, content: sanitizeHtml(post.content) };
}

async function postPage<T extends BlogSummary>(
  size: number,
  read: (take: number) => Promise<T[]>,
): Promise<{ posts: T[]; nextCursor: string | null }> {
  const { items, next } = await keysetPage(size, read, (post) => ({ at: post.publishedAt, id: post.id }));
  return { posts: items, nextCursor: next && encodeCursor(next) };
}

/** Search text as stored: lowercased, white space folded, cut to the accepted length. */
export function normaliseSearch(q: string | null | undefined): string | null {
  const text = (q ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return text ? [...text].slice(0, BLOG_SEARCH_MAX).join('') : null;
}

/** The editor's input validated, with its content sanitised (the one time a save sanitises) and its addresses canonical. */
export function parsePost(input: BlogPostInput): BlogPostData {
  const parsed = BlogPostInputSchema.safeParse(input);
  if (!parsed.success) {
    throw invalidFields(FIELD_MESSAGES.fixErrors, parsed.error);
  }
  const content = sanitizeHtml(parsed.data.content);
  // Content made only of what the sanitiser removes (a lone <script>, an iframe) would be stored empty.
  if (!hasVisibleContent(content)) {
    throw invalidFields(FIELD_MESSAGES.fixErrors, { content: FIELD_MESSAGES.required(POSTS_TEXT.content) });
  }
  // Stored as the media library reads it, so an image named in another spelling still counts as used.
  const featuredImage = parsed.data.featuredImage && canonicalImageAddress(parsed.data.featuredImage);
  return { ...parsed.data, content, featuredImage };
}

/** The smallest free `slug`, `slug-2`, `slug-3`… among the given taken slugs. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A chosen address refused, beside the address field. */
function slugRefused(message: string): AppError {
  return invalidFields(message, { slug: message });
}

/** True when the database refused a duplicate key (SQLite and PostgreSQL word it differently). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e?.message ?? '');
}

/** One autosave per person and post; `new` for the post they have not created yet. */
function autosaveKey(id: string | null, actor: Actor): string {
  if (!actor.userId) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.signInRequired);
  return `${id ?? 'new'}:${actor.userId}`;
}

/** The version a save stored, and what kind of change it was, kept in the post's history (the newest REVISIONS_KEPT). */
async function recordRevision(trx: Db, post: StoredPost, actor: Actor, at: string, change: RevisionChange): Promise<void> {
  await insertRevision(trx, { id: randomUUID(), post, userId: actor.userId, at, change });
  await pruneRevisions(trx, post.id, REVISIONS_KEPT);
}

/** Everything a save stores, derived the same way on create, on update and by bulk loaders; `data` from parsePost. */
export function storedPost(
  data: BlogPostData,
  meta: Pick<BlogPost, 'id' | 'slug' | 'publishedAt' | 'publishDateFixed' | 'createdAt' | 'updatedAt'>,
): StoredPost {
  return {
    ...meta,
    title: data.title,
    excerpt: data.excerpt,
    content: data.content,
    author: data.author,
    tags: data.tags,
    featuredImage: data.featuredImage,
    featuredImageAlt: data.featuredImageAlt,
    published: data.published,
    readTime: readTimeMinutes(data.content),
    searchText: `${data.title}\n${data.excerpt}\n${htmlToText(data.content)}`.toLowerCase(),
  };
}

/**
 * A save's publish date (docs/product.md#blog-editor): the one given is kept (chosen on purpose); otherwise a draft's
 * date is the moment it is published, like Ghost and WordPress, and fixed from then on, so a draft saved weeks
 * before an Editor publishes it goes live dated now, not on its first save.
 */
function publishDateFor(data: BlogPostData, before: BlogPost | null, at: string): Pick<BlogPost, 'publishedAt' | 'publishDateFixed'> {
  if (data.publishedAt) return { publishedAt: data.publishedAt, publishDateFixed: true };
  if (before?.publishDateFixed) return { publishedAt: before.publishedAt, publishDateFixed: true };
  return { publishedAt: data.published || !before ? at : before.publishedAt, publishDateFixed: data.published };
}

function withoutSearchText({ searchText: _, ...post }: StoredPost): BlogPost {
  return post;
}

/** A publish (or a scheduled publish) is audited as such; any other save as an update. */
async function auditSave(trx: Db, actor: Actor, before: BlogPost | null, after: BlogPost, now: Date): Promise<void> {
  const target = `${after.id} ${after.slug}`;
  if (!before) await recordAudit(trx, actor, 'post.created', target);
  if (after.published && !before?.published) {
    const scheduled = postStatus(after, now.getTime()) === 'Scheduled';
    await recordAudit(trx, actor, 'post.published', `${target}${scheduled ? ` (scheduled ${after.publishedAt})` : ''}`);
  } else if (before) await recordAudit(trx, actor, 'post.updated', target);
}

export function createBlogService({ db, onChange = () => {}, onPublished = () => {}, siteUrl }: BlogServiceDeps): BlogService {
  /** The post's owner and state, for the role checks of post-access.ts. */
  async function accessOf(trx: Db, id: string): Promise<PostAccess> {
    const access = await findPostAccess(trx, id);
    if (!access) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
    return access;
  }

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

  /** Saves a checked post over the stored one, inside a write: as an edit of it, by someone who may edit it. */
  async function saveOver(
    trx: Db,
    before: BlogPost,
    data: BlogPostData,
    { actor = SYSTEM_ACTOR, now = new Date(), writer }: WriteContext,
  ): Promise<BlogPost> {
    const { id } = before;
    const access = await accessOf(trx, id);
    assertMayEdit(writer, access);
    // Published: nothing waits for review any more.
    if (data.published && access.reviewRequestedAt) await setReviewRequested(trx, id, null);
    const slug = await slugFor(trx, data, writer, before);
    // A published post's old address keeps working (301) once its slug changes.
    if (slug !== before.slug && before.published) await upsertRedirect(trx, before.slug, id, now.toISOString());
    const updatedAt = now.toISOString();
    const post = storedPost(data, { id, slug, ...publishDateFor(data, before, updatedAt), createdAt: before.createdAt, updatedAt });
    await updateBlog(trx, post);
    await takeOverRedirect(trx, post);
    await recordRevision(trx, post, actor, post.updatedAt, changeBetween(before, post, now));
    if (actor.userId) await deleteAutosave(trx, autosaveKey(id, actor));
    await auditSave(trx, actor, before, post, now);
    return withoutSearchText(post);
  }

  /** A saved post, passed to `onPublished` when it is published. */
  function saved(post: BlogPost): BlogPost {
    if (post.published) onPublished(post);
    return post;
  }

  /** The first `size` public posts carrying `tag`, named as the newest of them writes it; null when there are none. */
  async function tagPage(tag: string, size: number, now: Date): Promise<BlogTagPage | null> {
    const key = tagKey(tag);
    const page = await postPage(size, (limit) => listPublicBlogsByTag(db, { now: now.toISOString(), tag: key, after: null, limit }));
    const newest = page.posts[0];
    if (!newest) return null;
    return { ...page, tag: newest.tags.find((t) => tagKey(t) === key) ?? tag };
  }

  /**
   * Addresses like `base` a save by `writer` may not take: other posts', and other posts' old ones (their 301s)
   * unless the writer may publish (docs/product.md#blog-editor).
   */
  async function takenSlugs(
    trx: Db,
    base: string,
    writer: Writer | undefined,
    exceptId?: string,
  ): Promise<{ posts: string[]; redirects: string[] }> {
    const posts = await findSlugsLike(trx, base, exceptId);
    return { posts, redirects: mayPublish(writer) ? [] : await findRedirectSlugsLike(trx, base, exceptId) };
  }

  /** The address a save gives the post: the one staff chose, else one made from the title (kept while it still matches). */
  async function slugFor(trx: Db, data: BlogPostData, writer: Writer | undefined, before?: BlogPost): Promise<string> {
    if ((data.slug ?? slugify(data.title)) === before?.slug) return before.slug;
    return data.slug ? chosenSlug(trx, data.slug, writer, before?.id) : freeSlug(trx, data.title, writer, before?.id);
  }

  async function freeSlug(trx: Db, title: string, writer: Writer | undefined, exceptId?: string): Promise<string> {
    const base = slugify(title) || 'post';
    const { posts, redirects } = await takenSlugs(trx, base, writer, exceptId);
    return nextFreeSlug(base, [...posts, ...redirects]);
  }

  /** The address staff chose, or a clash message that offers the next free one. */
  async function chosenSlug(trx: Db, slug: string, writer: Writer | undefined, exceptId?: string): Promise<string> {
    const { posts, redirects } = await takenSlugs(trx, slug, writer, exceptId);
    const free = nextFreeSlug(slug, [...posts, ...redirects]);
    if (posts.includes(slug)) throw slugRefused(EDITOR_MESSAGES.slugTaken(slug, free));
    if (redirects.includes(slug)) throw slugRefused(EDITOR_MESSAGES.slugStillRedirects(slug, free));
    return slug;
  }

  /** Another post's 301 from this post's address ends when this post is published (or scheduled); a draft leaves it. */
  async function takeOverRedirect(trx: Db, post: BlogPost): Promise<void> {
    if (post.published) await deleteRedirect(trx, post.slug);
  }

  return {
    async listPublic({ cursor, q, pages = 1 }: BlogListQuery, now = new Date()) {
      const search = normaliseSearch(q);
      const size = search ? BLOG_SEARCH_RESULTS : BLOG_PAGE_SIZE * Math.min(Math.max(1, pages), BLOG_LIST_MAX_PAGES);
      const after = cursorParam(cursor);
      return postPage(size, (limit) => listPublicBlogs(db, { now: now.toISOString(), after, search, limit }));
    },

    async getPublicBySlug(slug, now = new Date()) {
      const post = await findPublicBlogBySlug(db, slug, now.toISOString());
      return post ? sanitised(post) : null;
    },

    async resolveRedirect(oldSlug, now = new Date()) {
      return (await findRedirectSlug(db, oldSlug, now.toISOString())) ?? null;
    },

    async relatedPosts(post, now = new Date()) {
      if (post.tags.length === 0) return [];
      const recent = await listPublicBlogs(db, { now: now.toISOString(), after: null, search: null, limit: RELATED_WINDOW });
      return rankRelated(post, recent);
    },

    async latestPosts(limit, now = new Date()) {
      return listPublicBlogs(db, { now: now.toISOString(), after: null, search: null, limit });
    },

    async feedPosts(now = new Date()) {
      return listPublicBlogs(db, { now: now.toISOString(), after: null, search: null, limit: FEED_SIZE });
    },

    async sitemapPosts(now = new Date()) {
      return listPublicBlogUpdates(db, now.toISOString(), SITEMAP_MAX_POSTS);
    },

    async listByTag(tag, pages = 1, now = new Date()) {
      return tagPage(tag, BLOG_PAGE_SIZE * Math.min(Math.max(1, pages), BLOG_LIST_MAX_PAGES), now);
    },

    async tagFeedPosts(tag, now = new Date()) {
      return tagPage(tag, FEED_SIZE, now);
    },

    async sitemapTags(limit, now = new Date()) {
      return limit > 0 ? listPublicTagUpdates(db, now.toISOString(), limit) : [];
    },

    async createPost(input, by = {}, newId) {
      const { actor = SYSTEM_ACTOR, now = new Date(), writer } = by;
      const data = parsePost(input);
      assertMayPublish(writer, data.published);
      const at = now.toISOString();
      return saved(
        await write(async (trx) => {
          // A first save sent again (its answer was lost) finds the post it made and saves over it.
          const made = newId ? await findBlogById(trx, newId) : undefined;
          if (made) return saveOver(trx, made, data, by);
          const slug = await slugFor(trx, data, writer);
          const post = storedPost(data, {
            id: newId ?? randomUUID(),
            slug,
            ...publishDateFor(data, null, at),
            createdAt: at,
            updatedAt: at,
          });
          await insertBlogs(trx, [post], actor.userId);
          await takeOverRedirect(trx, post);
          await recordRevision(trx, post, actor, at, changeBetween(null, post, now));
          if (actor.userId) await deleteAutosave(trx, autosaveKey(null, actor));
          await auditSave(trx, actor, null, post, now);
          return withoutSearchText(post);
        }),
      );
    },

    async updatePost(id, input, by = {}) {
      const data = parsePost(input);
      assertMayPublish(by.writer, data.published);
      return saved(
        await write(async (trx) => {
          const before = await findBlogById(trx, id);
          if (!before) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
          return saveOver(trx, before, data, by);
        }),
      );
    },

    async restoreRevision(id, revisionId, { actor, now = new Date(), writer }) {
      const [before, revision] = await Promise.all([findBlogById(db, id), findRevision(db, id, revisionId)]);
      if (!before) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
      assertMayEdit(writer, await accessOf(db, id));
      if (!revision) throw new AppError('NOT_FOUND', EDITOR_MESSAGES.revisionNotFound);
      // Checked and sanitised as any save is; the post keeps its address, publishing state and date.
      // A version saved before featured images had alt text takes the post's own, when the image is the same.
      const alt = revision.featuredImageAlt ?? (revision.featuredImage === before.featuredImage ? before.featuredImageAlt : null);
      const data = parsePost({
        ...revision,
        tags: revision.tags.join(', '),
        featuredImage: revision.featuredImage ?? '',
        featuredImageAlt: alt ?? '',
        featuredImageDecorative: alt === '',
        published: before.published,
      });
      return saved(
        await write(async (trx) => {
          const current = await findBlogById(trx, id);
          if (!current) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
          const { slug, publishedAt, publishDateFixed, createdAt } = current;
          const post = storedPost(data, { id, slug, publishedAt, publishDateFixed, createdAt, updatedAt: now.toISOString() });
          await updateBlog(trx, post);
          await recordRevision(trx, post, actor, post.updatedAt, changeBetween(current, post, now, revision.savedAt));
          await recordAudit(trx, actor, 'post.restored', `${id} ${post.slug} (version saved ${revision.savedAt})`);
          return withoutSearchText(post);
        }),
      );
    },

    async revisionDiff(id, revisionId, viewer) {
      const [current, revision] = await Promise.all([findBlogById(db, id), findRevision(db, id, revisionId)]);
      if (!current) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
      assertMayEdit(viewer, await accessOf(db, id));
      if (!revision) throw new AppError('NOT_FOUND', EDITOR_MESSAGES.revisionNotFound);
      return diffRevision(revision, current);
    },

    async autosave(id, input, { actor, now = new Date(), writer }) {
      if (id) assertMayEdit(writer, await accessOf(db, id));
      const parsed = EditorFormSchema.safeParse(input);
      if (!parsed.success) throw invalidFields(FIELD_MESSAGES.fixErrors, parsed.error);
      // The form is shown again as it was typed: its content is cleaned as a save would clean it.
      const form: EditorForm = { ...parsed.data, content: parsed.data.content && sanitizeHtml(parsed.data.content) };
      const savedAt = now.toISOString();
      await upsertAutosave(db, { key: autosaveKey(id, actor), userId: actor.userId!, blogId: id, form: JSON.stringify(form), at: savedAt });
      return { savedAt };
    },

    async discardAutosave(id, actor) {
      await deleteAutosave(db, autosaveKey(id, actor));
    },

    async editorState(id, viewer) {
      const post = id ? await findBlogById(db, id) : null;
      if (id && !post) return null;
      const access = id ? await accessOf(db, id) : null;
      if (access) assertMayEdit(viewer, access);
      const [revisions, autosave] = await Promise.all([
        id ? listRevisions(db, id, REVISIONS_KEPT) : [],
        findAutosave(db, autosaveKey(id, { userId: viewer.userId, email: null, ip: null })),
      ]);
      const newer = autosave && (!post || autosave.savedAt > post.updatedAt);
      return {
        reviewRequestedAt: access?.reviewRequestedAt ?? null,
        post: post ? sanitised(post) : null,
        revisions,
        autosave: newer ? { form: EditorFormSchema.parse(JSON.parse(autosave.form)), savedAt: autosave.savedAt } : null,
      };
    },

    async deletePost(id, { actor = SYSTEM_ACTOR, now = new Date() } = {}) {
      await write(async (trx) => {
        const slug = await deleteBlog(trx, id, now.toISOString());
        if (slug === null) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
        await recordAudit(trx, actor, 'post.deleted', `${id} ${slug}`);
      });
    },

    async getPostById(id) {
      const post = await findBlogById(db, id);
      return post ? sanitised(post) : null;
    },

    async listAllPosts({ cursor, createdBy = null }) {
      const after = cursorParam(cursor);
      return postPage(BLOG_PAGE_SIZE * 4, (limit) => listAllBlogs(db, { after, limit, createdBy }));
    },

    awaitingReview: () => listAwaitingReview(db, REVIEW_LIST_SIZE),

    async submitForReview(id, { actor, writer, authorName, now = new Date() }) {
      // No stand-in address: a link to another host than the site's would go out in the e-mails.
      if (!siteUrl) throw new Error('createBlogService needs siteUrl to e-mail a review request');
      await db.transaction().execute(async (trx) => {
        const access = await accessOf(trx, id);
        assertMayEdit(writer, access);
        if (access.published) throw new AppError('ABORTED', EDITOR_MESSAGES.alreadyPublished);
        const post = (await findBlogById(trx, id))!;
        const at = now.toISOString();
        await setReviewRequested(trx, id, at);
        await queueReviewRequest(trx, post, authorName, siteUrl, at);
        await recordAudit(trx, actor, 'post.submitted', `${id} ${post.slug}`);
      });
    },

    async countPosts(now = new Date()) {
      return countBlogs(db, now.toISOString());
    },
  };
}
