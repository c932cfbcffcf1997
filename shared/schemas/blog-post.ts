import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../messages.ts';
import { hasVisibleContent } from '../read-time.ts';
import { requiredText } from './fields.ts';

const SAME_SITE = 'https://same-site.invalid';

/** An absolute http(s) URL, or a path on this site such as `/images/blog/x.svg` (never `//host`). */
export function isImageUrl(value: string): boolean {
  // A path must stay on this site once a browser resolves it: `/\evil.example/x.png` is `//evil.example/x.png`.
  if (value.startsWith('/')) return new URL(value, SAME_SITE).origin === SAME_SITE;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const FEATURED_IMAGE_MESSAGE = 'Featured image must be a URL starting with http:// or https://, or a path such as /images/blog/post.svg.';
export const PUBLISHED_AT_MESSAGE = 'Publish date must be a valid date and time.';

const trimmed = (label: string, max: number) => z.pipe(requiredText(label, max), z.transform((v) => v.trim()));

/**
 * The blog editor's form (SPEC.md §5), checked in the browser and again by the server on every save.
 * Input is what the form holds (tags as one comma-separated string); output is what the server stores.
 */
export const BlogPostInputSchema = z.object({
  title: trimmed('Title', 200),
  excerpt: trimmed('Excerpt', 500),
  author: trimmed('Author', 100),
  content: z.pipe(
    requiredText('Content', 500_000).check(z.refine(hasVisibleContent, FIELD_MESSAGES.required('Content'))),
    z.transform((v) => v.trim()),
  ),
  featuredImage: z.pipe(
    z.string({ error: FEATURED_IMAGE_MESSAGE }).check(
      z.maxLength(2000, FIELD_MESSAGES.tooLong('Featured image', 2000)),
      z.refine((v) => v.trim() === '' || isImageUrl(v.trim()), FEATURED_IMAGE_MESSAGE),
    ),
    z.transform((v) => v.trim() || null),
  ),
  tags: z.pipe(
    z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(1000, FIELD_MESSAGES.tooLong('Tags', 1000))),
    z.transform((v) => [...new Set(v.split(',').map((t) => t.trim()).filter(Boolean))]),
  ),
  published: z.boolean({ error: FIELD_MESSAGES.invalid }),
  /** Omitted or empty: now for a new post, unchanged for an edit. */
  publishedAt: z.pipe(
    z.optional(
      z.string({ error: PUBLISHED_AT_MESSAGE }).check(
        z.maxLength(40, PUBLISHED_AT_MESSAGE),
        z.refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), PUBLISHED_AT_MESSAGE),
      ),
    ),
    z.transform((v) => (v ? new Date(v).toISOString() : undefined)),
  ),
});

/** What the editor sends. */
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;
/** What the server saves after validation. */
export type BlogPostData = z.output<typeof BlogPostInputSchema>;
