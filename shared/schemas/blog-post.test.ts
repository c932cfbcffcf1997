import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../admin-texts.ts';
import { type BlogPostInput, BlogPostInputSchema, FEATURED_IMAGE_MESSAGE, PUBLISHED_AT_MESSAGE, isLinkUrl } from './blog-post.ts';
import { fieldErrors } from './fields.ts';

const valid: BlogPostInput = {
  title: 'Hello',
  excerpt: 'Short',
  author: 'Priya',
  content: '<p>Body</p>',
  featuredImage: '',
  tags: '',
  published: true,
};

function errors(input: Partial<BlogPostInput>): Record<string, string> {
  const result = BlogPostInputSchema.safeParse({ ...valid, ...input });
  return result.success ? {} : fieldErrors(result.error);
}

describe('BlogPostInputSchema', () => {
  it('editor must give a title, excerpt, author and content', () => {
    expect(errors({ title: ' ', excerpt: '', author: '', content: '  ' })).toEqual({
      title: 'Title is required.',
      excerpt: 'Excerpt is required.',
      author: 'Author is required.',
      content: 'Content is required.',
    });
  });

  it('an empty rich-text editor (<p></p>) counts as missing content; an image alone is content', () => {
    expect(errors({ content: '<p></p>' })).toEqual({ content: 'Content is required.' });
    expect(errors({ content: '<p><br></p>' })).toEqual({ content: 'Content is required.' });
    expect(errors({ content: '<p><img src="/images/a.svg" alt="Diagram"></p>' })).toEqual({});
  });

  it('text fields are trimmed', () => {
    expect(BlogPostInputSchema.parse({ ...valid, title: '  Hello  ' }).title).toBe('Hello');
  });

  it('editor types tags comma-separated; they are trimmed and empties dropped', () => {
    expect(BlogPostInputSchema.parse({ ...valid, tags: ' Security, ,Networking ,,Security ' }).tags).toEqual(['Security', 'Networking']);
    expect(BlogPostInputSchema.parse(valid).tags).toEqual([]);
  });

  it.each(['https://cdn.example.com/a.png', '/images/blog/x.svg', '/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.png'])(
    'accepts featured image %s',
    (featuredImage) => {
      expect(BlogPostInputSchema.parse({ ...valid, featuredImage, featuredImageAlt: 'A diagram' }).featuredImage).toBe(featuredImage);
    },
  );

  it("a featured image needs alt text unless it is marked decorative; the stored alt text is trimmed, '' when decorative, null without an image", () => {
    const image = '/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.png';
    expect(errors({ featuredImage: image })).toEqual({ featuredImageAlt: EDITOR_MESSAGES.featuredAltRequired });
    expect(errors({ featuredImage: image, featuredImageAlt: '   ' })).toEqual({ featuredImageAlt: EDITOR_MESSAGES.featuredAltRequired });
    // Reported beside the other fields' errors, not after them.
    expect(errors({ featuredImage: image, title: '' })).toEqual({
      title: 'Title is required.',
      featuredImageAlt: EDITOR_MESSAGES.featuredAltRequired,
    });
    // A refused image has its own error, not one for its alt text.
    expect(errors({ featuredImage: 'http://example.com/b.jpg' })).toEqual({ featuredImage: FEATURED_IMAGE_MESSAGE });
    expect(BlogPostInputSchema.parse({ ...valid, featuredImage: image, featuredImageAlt: '  Rack  ' }).featuredImageAlt).toBe('Rack');
    expect(
      BlogPostInputSchema.parse({ ...valid, featuredImage: image, featuredImageAlt: 'Rack', featuredImageDecorative: true })
        .featuredImageAlt,
    ).toBe('');
    expect(BlogPostInputSchema.parse({ ...valid, featuredImageAlt: 'Rack' }).featuredImageAlt).toBeNull();
  });

  it.each([
    'http://example.com/b.jpg',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/\t/evil.example/x.png',
    // Another host that no URL parser accepts (found by the property test): refused, not a server error.
    '//a.%a.#a.a@a.aa',
    'ftp://x/y.png',
    'not a url',
  ])('rejects featured image %s (http:// too: the CSP would block it on the public page)', (featuredImage) => {
    expect(errors({ featuredImage }).featuredImage).toBe(FEATURED_IMAGE_MESSAGE);
  });

  it('an empty featured image is stored as none', () => {
    expect(BlogPostInputSchema.parse({ ...valid, featuredImage: '  ' }).featuredImage).toBeNull();
  });

  it('published must be a boolean', () => {
    expect(errors({ published: 'yes' as unknown as boolean }).published).toBeTruthy();
  });

  it('publishedAt is optional and normalised to UTC ISO', () => {
    expect(BlogPostInputSchema.parse(valid).publishedAt).toBeUndefined();
    expect(BlogPostInputSchema.parse({ ...valid, publishedAt: '' }).publishedAt).toBeUndefined();
    expect(BlogPostInputSchema.parse({ ...valid, publishedAt: '2026-03-10T09:30:00+11:00' }).publishedAt).toBe('2026-03-09T22:30:00.000Z');
    expect(errors({ publishedAt: 'tomorrow' }).publishedAt).toBe(PUBLISHED_AT_MESSAGE);
  });

  it('the address is optional (made from the title) and otherwise a lowercase slug', () => {
    expect(BlogPostInputSchema.parse(valid).slug).toBeUndefined();
    expect(BlogPostInputSchema.parse({ ...valid, slug: '  ' }).slug).toBeUndefined();
    expect(BlogPostInputSchema.parse({ ...valid, slug: ' cloud-2027 ' }).slug).toBe('cloud-2027');
    for (const slug of ['Cloud', 'cloud--2027', '-cloud', 'cloud-', 'cloud_2027', 'café', '../admin']) {
      expect(errors({ slug }).slug).toBe(EDITOR_MESSAGES.slugInvalid);
    }
  });
});

describe('isLinkUrl', () => {
  it.each(['https://example.com', 'http://example.com/a', 'mailto:hello@example.com', '/contact', '/blog/x#part'])('accepts %s', (url) => {
    expect(isLinkUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'example.com', ''])('refuses %s', (url) => {
    expect(isLinkUrl(url)).toBe(false);
  });
});
