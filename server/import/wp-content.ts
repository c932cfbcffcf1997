import type { ContentChanges } from '../../shared/import-messages.ts';

/** Nothing changed yet: the counts a body's cleaning adds to. */
export function noContentChanges(): ContentChanges {
  return { blockComments: 0, captions: 0, galleries: 0, embeds: 0, droppedShortcodes: 0 };
}

/** An uploaded file of the old site, by its attachment id: its address and, for an image, its alt text. */
export interface Attachment {
  url: string;
  alt: string;
}

/** The block editor's `<!-- wp:paragraph {…} -->` and `<!-- /wp:paragraph -->` markers (its HTML stays). */
const BLOCK_COMMENT = /<!--\s*\/?wp:[^>]*?-->/g;
/**
 * `[name attrs]…[/name]` or `[name attrs]`. A bracketed word alone ("[sic]", "[1]") is text, not a shortcode:
 * only a name with attributes, a closing tag or one of WordPress's own is taken for one.
 */
const SHORTCODE = /\[(\/)?([a-zA-Z][\w-]*)((?:\s+[^\]]*)?)\](?:([\s\S]*?)\[\/\2\])?/g;
const CORE_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist']);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A shortcode's attributes: `ids="1,2" link=file`. */
function attributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g)) attrs[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

/** A caption's image (with its link, if any) and the text after it. */
function figure(inner: string): string {
  const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  if (!image) return inner;
  const caption = image[2]!.trim();
  return `<figure>${image[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

/** A block of a classic body that is HTML of its own (a figure, a list, a closing tag…): no paragraph goes around it. */
const BLOCK_START = /^<\/?(p|div|h[1-6]|ul|ol|li|dl|figure|blockquote|table|pre|hr|section|address|iframe)\b/i;

/**
 * Paragraphs for a classic-editor body, as WordPress adds them on display (its `wpautop`): each text block between
 * blank lines becomes a paragraph, its single line breaks `<br>`, and a block that is already HTML of its own (the
 * figure a `[caption]` became) stays as it is. A block-editor body has its paragraphs already and is left alone.
 */
function paragraphs(html: string): string {
  return html
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br>')}</p>`))
    .join('\n');
}

/**
 * A WordPress body as plain HTML (docs/product.md#import): block comments removed; `[caption]` becomes a figure
 * with its caption, `[gallery]` its images (by their attachment ids, with their alt text), `[embed]` a link; other
 * shortcodes are dropped (their enclosed text kept). Each is counted in `changes`. A classic body gets paragraphs.
 * The sanitiser runs later, on every save.
 */
export function cleanWordPressBody(html: string, attachments: ReadonlyMap<string, Attachment>, changes: ContentChanges): string {
  const blockCommentsBefore = changes.blockComments;
  const withoutBlocks = html.replace(BLOCK_COMMENT, () => {
    changes.blockComments += 1;
    return '';
  });
  const withoutShortcodes = withoutBlocks.replace(
    SHORTCODE,
    (whole, closing: string | undefined, rawName: string, attrText: string, inner?: string) => {
      const name = rawName.toLowerCase();
      const isShortcode = CORE_SHORTCODES.has(name) || inner !== undefined || /=/.test(attrText) || closing;
      if (!isShortcode) return whole;
      const attrs = attributes(attrText);
      if (name === 'caption' || name === 'wp_caption') {
        changes.captions += 1;
        return figure(inner ?? '');
      }
      if (name === 'gallery') {
        changes.galleries += 1;
        const ids = (attrs.ids ?? '').split(',').map((id) => id.trim());
        return ids
          .map((id) => attachments.get(id))
          .filter((image): image is Attachment => Boolean(image))
          .map(({ url, alt }) => `<figure><img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}"></figure>`)
          .join('');
      }
      if (name === 'embed') {
        changes.embeds += 1;
        const url = (inner ?? attrs.src ?? '').trim();
        return /^https?:\/\//.test(url) ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : '';
      }
      changes.droppedShortcodes += 1;
      return inner ?? '';
    },
  );
  const isBlockEditor = changes.blockComments > blockCommentsBefore;
  return isBlockEditor ? withoutShortcodes.trim() : paragraphs(withoutShortcodes.trim());
}
