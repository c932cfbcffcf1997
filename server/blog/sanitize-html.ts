import sanitize from 'sanitize-html';
import { canonicalImageAddress, responsiveImage } from '../../shared/images.ts';

/** A link's or image's address in its stored form, so that every image a post shows counts as used (docs/product.md#media). */
function canonicalAddress(attribs: sanitize.Attributes, name: 'href' | 'src'): sanitize.Attributes {
  const address = attribs[name];
  return address === undefined ? attribs : { ...attribs, [name]: canonicalImageAddress(address) };
}

/** The tags a post's HTML may hold; anything else is dropped, its text kept (tests/helpers/xss.ts checks outputs against this). */
export const ALLOWED_TAGS: string[] = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'time',
  'blockquote',
  'q',
  'cite',
  'code',
  'pre',
  'kbd',
  'samp',
  'var',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** The attributes each allowed tag may keep; a tag not named here keeps none. */
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'srcset', 'sizes'],
  abbr: ['title'],
  time: ['datetime'],
  ol: ['start', 'reversed'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  code: ['class'],
  pre: ['class'],
};

/**
 * The one sanitiser configuration for blog content, applied on save and again on render. An allow-list:
 * formatting, links, images, code, tables and quotes survive; scripts, event handlers, forms, frames, embedded
 * objects, `javascript:`/`data:` URLs and inline styles (which can overlay or hide the page) do not.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  // Only syntax-highlighting hints; any other class could borrow the site's layout styles.
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code or markup, never something a reader should see.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title'],
  transformTags: {
    // The page's only h1 is the post title.
    h1: 'h2',
    a: (tagName, { rel: _rel, ...attribs }) => {
      const rest = canonicalAddress(attribs, 'href');
      const external = /^https?:\/\//i.test(rest.href ?? '');
      return { tagName, attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest };
    },
    // `srcset` and `sizes` are never taken from the input: an uploaded image gets the ones the site writes for it.
    img: (tagName, { srcset: _srcset, sizes: _sizes, loading: _loading, ...input }) => {
      const attribs = canonicalAddress(input, 'src');
      const { srcSet, sizes } = responsiveImage(attribs.src ?? '', 'post');
      return { tagName, attribs: { ...attribs, ...(srcSet && sizes ? { srcset: srcSet, sizes } : {}), loading: 'lazy' } };
    },
  },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
