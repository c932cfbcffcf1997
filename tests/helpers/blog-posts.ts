import type { BlogPostInput } from '../../shared/schemas/blog-post.ts';

/** A valid editor input; tests override what they are about. */
export function postInput(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  return {
    title: 'A post',
    excerpt: 'What this post is about.',
    author: 'Priya Raman',
    content: '<p>Some words in a paragraph.</p>',
    featuredImage: '/images/blog/zero-trust-for-small-business.svg',
    featuredImageAlt: 'A padlock over a small office network',
    tags: 'Security, Networking',
    published: true,
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `n` days after 1 Jan 2026, as ISO: posts published in a known order, all in the past. */
export function day(n: number): string {
  return new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
}

/** Every `<script>` a page would run (JSON-LD data blocks are not scripts). */
export function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/type=["']application\/(ld\+)?json["']/i.test(attrs));
}

/** Titles of the post cards on a served /blog page, in order. */
export function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h2 class="card-title post-card-title"><a [^>]*>([^<]*)<\/a><\/h2>/g)].map((m) => decode(m[1]!));
}

export function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
