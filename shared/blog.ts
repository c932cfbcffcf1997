/** A blog post as the site and the admin see it; `content` is sanitised HTML. */
export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  tags: string[];
  featuredImage: string | null;
  published: boolean;
  /** ISO-8601 UTC; a post is public once `published` is true and this moment has passed. */
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
  /** Minutes, from shared/read-time.ts. */
  readTime: number;
}

/** What a list shows: everything but the content, which can be large. */
export type BlogSummary = Omit<BlogPost, 'content'>;

/** One page of a list; `nextCursor` is opaque and null on the last page. */
export interface BlogListPage {
  posts: BlogSummary[];
  nextCursor: string | null;
}

export interface BlogListQuery {
  cursor?: string | null;
  /** Search text: matched literally and case-insensitively against title, excerpt and the content's text. */
  q?: string | null;
}

/** SPEC.md §9: the list shows 5 posts a page. */
export const BLOG_PAGE_SIZE = 5;

/** Longest search text the server accepts; longer input is cut, not rejected. */
export const BLOG_SEARCH_MAX = 100;

/** The blog's read API for `+data.ts` files (public posts only). */
export interface BlogPageService {
  listPublic(query: BlogListQuery): Promise<BlogListPage>;
  /** A public post, or null when it is missing, a draft or scheduled for later. */
  getPublicBySlug(slug: string): Promise<BlogPost | null>;
  /** The current slug of a public post that used to be at `oldSlug`, or null. */
  resolveRedirect(oldSlug: string): Promise<string | null>;
}
