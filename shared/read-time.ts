const WORDS_PER_MINUTE = 200;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text with its character references (`&amp;`, `&#39;`, `&#x2019;`) turned back into characters, in one pass. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The visible text of an HTML fragment: tags dropped, entities decoded (`&amp;lt;` reads `&lt;`), white space folded. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' '))
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
