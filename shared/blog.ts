import type { RevisionChange } from './revisions.ts';
import type { EditorForm } from './schemas/blog-post.ts';

/** A post's words and image: what each saved version of it keeps (publishing state and dates stay with the post). */
export interface PostContent {
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised HTML. */
  content: string;
  author: string;
  tags: string[];
  featuredImage: string | null;
  /** The featured image's alt text: '' when it is decorative, null when none was given (no image, or from before). */
  featuredImageAlt: string | null;
}

/**
 * The featured image's alt text on the post's page: its own ('' when it is decorative); a post from before alt text
 * has its title. On the blog's cards the fallback is '' instead: the title is beside the image there.
 */
export function featuredImageAlt(post: Pick<PostContent, 'title' | 'featuredImageAlt'>): string {
  return post.featuredImageAlt ?? post.title;
}

/** A blog post as the site and the admin see it. */
export interface BlogPost extends PostContent {
  id: string;
  published: boolean;
  /** ISO-8601 UTC; a post is public once `published` is true and this moment has passed. */
  publishedAt: string;
  /** Someone chose the date, or the post was published: until then a draft's date is the moment it is published. */
  publishDateFixed: boolean;
  createdAt: string;
  updatedAt: string;
  /** Minutes, from shared/read-time.ts. */
  readTime: number;
}

/** What a list shows: everything but the content, which can be large. */
export type BlogSummary = Omit<BlogPost, 'content' | 'publishDateFixed'>;

/** A post in the admin's lists: with when its author asked for review (null: not waiting). */
export type AdminPostSummary = BlogSummary & { reviewRequestedAt: string | null };

export interface AdminPostPage {
  posts: AdminPostSummary[];
  nextCursor: string | null;
}

/** One page of a list; `nextCursor` is opaque and null on the last page. */
export interface BlogListPage {
  posts: BlogSummary[];
  nextCursor: string | null;
}

export interface BlogListQuery {
  cursor?: string | null;
  /** Search text: matched literally and case-insensitively against title, excerpt and the content's text. */
  q?: string | null;
  /** How many pages of the list at once (`/blog?page=N` shows the first N, as after N-1 Load More). */
  pages?: number;
}

/** docs/product.md#blog-list: the list shows 5 posts a page. */
export const BLOG_PAGE_SIZE = 5;

/**
 * A search shows this many matches, newest first: docs/product.md#blog-list hides Load More while there is search
 * text, and the search runs over every post on the server, not only the pages loaded.
 */
export const BLOG_SEARCH_RESULTS = 20;

/** `/blog?page=N` goes up to this (500 posts); a larger N is not a page of this site. */
export const BLOG_LIST_MAX_PAGES = 100;

/** Longest search text the server accepts; longer input is cut, not rejected. */
export const BLOG_SEARCH_MAX = 100;

/**
 * docs/product.md#blog-tags: a tag's key, which its address and its lookup use: the tag in Unicode NFC form,
 * lowercased, so "Security" and "security" are one tag. Every character is kept ("C#" and "C++" stay apart).
 */
export function tagKey(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

/** The address of a tag's page: `/blog/tag/` and its key, URL-encoded as one path segment ("CI/CD" is `ci%2Fcd`). */
export function tagPath(tag: string): string {
  return `/blog/tag/${encodeURIComponent(tagKey(tag))}`;
}

/** One page of a tag's public posts, and the tag as the newest of them writes it. */
export interface BlogTagPage extends BlogListPage {
  tag: string;
}

/** The blog's read API for `+data.ts` files (public posts only). */
export interface BlogPageService {
  listPublic(query: BlogListQuery): Promise<BlogListPage>;
  /** A public post, or null when it is missing, a draft or scheduled for later. */
  getPublicBySlug(slug: string): Promise<BlogPost | null>;
  /** The current slug of a public post that used to be at `oldSlug`, or null. */
  resolveRedirect(oldSlug: string): Promise<string | null>;
  /** Up to RELATED_POSTS_SHOWN other public posts sharing a tag with this one, most shared tags first. */
  relatedPosts(post: BlogSummary): Promise<BlogSummary[]>;
  /** The newest public posts (the not-found pages offer them). */
  latestPosts(limit: number): Promise<BlogSummary[]>;
  /**
   * The first `pages` pages of the public posts carrying `tag` (matched by its key, so in any case), newest first;
   * null when no public post carries it.
   */
  listByTag(tag: string, pages?: number): Promise<BlogTagPage | null>;
}

/** A post ends with at most this many related posts. */
export const RELATED_POSTS_SHOWN = 3;

/**
 * Posts that share tags with `post`, most shared tags first, then newest; the post itself never. Pure, so the
 * ranking is tested without a database.
 */
export function rankRelated(post: BlogSummary, candidates: readonly BlogSummary[], limit = RELATED_POSTS_SHOWN): BlogSummary[] {
  const tags = new Set(post.tags.map((t) => t.toLowerCase()));
  return candidates
    .filter((c) => c.id !== post.id)
    .map((c) => ({ c, shared: c.tags.filter((t) => tags.has(t.toLowerCase())).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || b.c.publishedAt.localeCompare(a.c.publishedAt))
    .slice(0, limit)
    .map(({ c }) => c);
}

export type PostStatus = 'Published' | 'Scheduled' | 'Draft';

/**
 * A post is public once it is published and its publish date has passed; before that it is scheduled.
 * The same rule in SQL is `isPublicAt` in db/queries/predicates.ts (the two are held together by a property test).
 */
export function postStatus(post: Pick<BlogSummary, 'published' | 'publishedAt'>, now: number): PostStatus {
  if (!post.published) return 'Draft';
  return Date.parse(post.publishedAt) > now ? 'Scheduled' : 'Published';
}

/** One saved version of a post in its history: when, by whom, and its title then. */
export interface PostRevision {
  id: string;
  savedAt: string;
  /** The staff member's name, or null when the site itself saved (scripts, demo content). */
  savedBy: string | null;
  title: string;
  /** What kind of change the save was; null for versions saved before the history recorded it. */
  change: RevisionChange | null;
}

/** A post's history shows this many of its newest versions; older ones are dropped on save. */
export const REVISIONS_KEPT = 50;

/** The form one staff member left unsaved, kept while they typed. */
export interface PostAutosave {
  form: EditorForm;
  savedAt: string;
}

/** What the editor opens with: the post (null for a new one), its history, and the signed-in person's autosave. */
export interface EditorState {
  post: BlogPost | null;
  /** When the post's author submitted it for review; null when it is not waiting. */
  reviewRequestedAt: string | null;
  revisions: PostRevision[];
  /** Only when newer than the post's last save. */
  autosave: PostAutosave | null;
}
