import * as z from 'zod/mini';
import { BLOG_TEXT, FIELD_MESSAGES } from '../messages.ts';
import { EDITOR_MESSAGES, POSTS_TEXT } from '../admin-texts.ts';
import { ALT_TEXT_MAX } from '../images.ts';
import { MEDIA_TEXT } from '../media.ts';
import { hasVisibleContent } from '../read-time.ts';
import { requiredText } from './fields.ts';

const SAME_SITE = 'https://same-site.invalid';

/**
 * A path that stays on this site once a browser resolves it: `/\evil.example/x.png` is `//evil.example/x.png`.
 * One that names a host no parser accepts (`//a.%a`) goes nowhere on this site either.
 */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && URL.canParse(value, SAME_SITE) && new URL(value, SAME_SITE).origin === SAME_SITE;
}

/**
 * An absolute https URL, or a path on this site such as an uploaded `/media/…` image (never `//host`). Not
 * http://: the site's CSP (`img-src 'self' data: https:`) would block it on the public page.
 */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return isSitePath(value);
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Where the editor's links may go: the web, e-mail, or a page of this site. */
export function isLinkUrl(value: string): boolean {
  if (value.startsWith('/')) return isSitePath(value);
  try {
    return ['https:', 'http:', 'mailto:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const FEATURED_IMAGE_MESSAGE = EDITOR_MESSAGES.featuredImageHttps;

/** The slug shape of docs/product.md#blog-editor: lowercase letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PUBLISHED_AT_MESSAGE = EDITOR_MESSAGES.publishedAtInvalid;
/** The longest title and excerpt a post takes (an import cuts longer ones to fit). */
export const POST_TITLE_MAX = 200;
export const POST_EXCERPT_MAX = 500;

const trimmed = (label: string, max: number) =>
  z.pipe(
    requiredText(label, max),
    z.transform((v) => v.trim()),
  );

const altText = z
  .string({ error: FIELD_MESSAGES.invalid })
  .check(z.maxLength(ALT_TEXT_MAX, FIELD_MESSAGES.tooLong(MEDIA_TEXT.featuredAlt, ALT_TEXT_MAX)));

const PostFieldsSchema = z.object({
  title: trimmed(POSTS_TEXT.postTitle, POST_TITLE_MAX),
  excerpt: trimmed(POSTS_TEXT.excerpt, POST_EXCERPT_MAX),
  author: trimmed(POSTS_TEXT.author, 100),
  content: z.pipe(
    requiredText(POSTS_TEXT.content, 500_000).check(z.refine(hasVisibleContent, FIELD_MESSAGES.required(POSTS_TEXT.content))),
    z.transform((v) => v.trim()),
  ),
  featuredImage: z.pipe(
    z.string({ error: FEATURED_IMAGE_MESSAGE }).check(
      z.maxLength(2000, FIELD_MESSAGES.tooLong(POSTS_TEXT.featuredImage, 2000)),
      z.refine((v) => v.trim() === '' || isImageUrl(v.trim()), FEATURED_IMAGE_MESSAGE),
    ),
    z.transform((v) => v.trim() || null),
  ),
  /** The featured image's alt text: required with an image, unless it is marked decorative. */
  featuredImageAlt: z.optional(altText),
  featuredImageDecorative: z.optional(z.boolean({ error: FIELD_MESSAGES.invalid })),
  tags: z.pipe(
    z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(1000, FIELD_MESSAGES.tooLong(BLOG_TEXT.tags, 1000))),
    z.transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ]),
  ),
  /** The address; omitted or empty: made from the title (docs/product.md#blog-editor). */
  slug: z.optional(
    z.pipe(
      z.string({ error: EDITOR_MESSAGES.slugInvalid }).check(
        z.maxLength(200, FIELD_MESSAGES.tooLong(POSTS_TEXT.address, 200)),
        z.refine((v) => v.trim() === '' || SLUG_PATTERN.test(v.trim()), EDITOR_MESSAGES.slugInvalid),
      ),
      z.transform((v) => v.trim() || undefined),
    ),
  ),
  published: z.boolean({ error: FIELD_MESSAGES.invalid }),
  /** Omitted or empty: no date chosen (the blog service dates a draft when it is published, docs/product.md#blog-editor). */
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

const altGiven = (alt: unknown) => typeof alt === 'string' && alt.trim() !== '';
/** A featured image the field accepted (one it refused has its own error, not one for its alt text). */
const hasImage = (image: unknown) => typeof image === 'string' && isImageUrl(image);

/**
 * The blog editor's form (docs/product.md#blog-editor), checked in the browser and again by the server on every save.
 * Input is what the form holds (tags as one comma-separated string); output is what the server stores, where the
 * featured image's alt text is '' for a decorative image and null without an image.
 */
export const BlogPostInputSchema = z.pipe(
  PostFieldsSchema.check(
    z.refine((post) => !hasImage(post.featuredImage) || post.featuredImageDecorative === true || altGiven(post.featuredImageAlt), {
      message: EDITOR_MESSAGES.featuredAltRequired,
      path: ['featuredImageAlt'],
      // Checked beside every other field's refusal, so the editor shows them all at once.
      when: () => true,
    }),
  ),
  z.transform(({ featuredImageAlt, featuredImageDecorative, ...post }) => ({
    ...post,
    featuredImageAlt: post.featuredImage === null ? null : featuredImageDecorative ? '' : (featuredImageAlt ?? '').trim(),
  })),
);

/** What the editor sends. */
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;
/** What the server saves after validation. */
export type BlogPostData = z.output<typeof BlogPostInputSchema>;

const upTo = (label: string, max: number) =>
  z.string({ error: FIELD_MESSAGES.invalid }).check(z.maxLength(max, FIELD_MESSAGES.tooLong(label, max)));

/**
 * The editor's form as autosaved while staff type: what is in each field, half-written or not (it is checked when
 * the post is saved), within the same lengths a save accepts.
 */
export const EditorFormSchema = z.object({
  title: upTo(POSTS_TEXT.postTitle, 200),
  excerpt: upTo(POSTS_TEXT.excerpt, 500),
  author: upTo(POSTS_TEXT.author, 100),
  content: upTo(POSTS_TEXT.content, 500_000),
  tags: upTo(BLOG_TEXT.tags, 1000),
  featuredImage: upTo(POSTS_TEXT.featuredImage, 2000),
  // Defaults for a form autosaved before featured images had alt text.
  featuredImageAlt: z._default(upTo(MEDIA_TEXT.featuredAlt, ALT_TEXT_MAX), ''),
  featuredImageDecorative: z._default(z.boolean({ error: FIELD_MESSAGES.invalid }), false),
  slug: upTo(POSTS_TEXT.address, 200),
  /** True once staff typed an address of their own: it then stops following the title. */
  slugEdited: z.boolean({ error: FIELD_MESSAGES.invalid }),
  published: z.boolean({ error: FIELD_MESSAGES.invalid }),
  /** The publish date as the form's local date-time field holds it. */
  publishedAt: upTo(POSTS_TEXT.publishDate, 40),
});

export type EditorForm = z.output<typeof EditorFormSchema>;
