const WORDS_PER_MINUTE = 200;

/** The entities editors write, decoded in one pass (so `&amp;lt;` reads `&lt;`, not `<`). */
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** The visible text of an HTML fragment: tags dropped, common entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when HTML shows a reader something: text or an image (an empty editor gives `<p></p>`). */
export function hasVisibleContent(html: string): boolean {
  return htmlToText(html) !== '' || /<img\b/i.test(html);
}

/** Minutes to read: words of the content's text / 200, rounded up, at least 1. */
export function readTimeMinutes(html: string): number {
  const text = htmlToText(html);
  const words = text ? text.split(' ').length : 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
