/*
 * Reading a post's stored body, which the sanitiser wrote (sanitize-html.ts): attributes always in double quotes,
 * their text entity-encoded. So a tag is found by a pattern, not a parser.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text with its character references (`&amp;`, `&#39;`, `&#x2019;`) turned back into characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An `<img>` tag's alt text, decoded ('' when it has none). */
export function altOf(tag: string): string {
  return decodeEntities(/\balt="([^"]*)"/i.exec(tag)?.[1] ?? '');
}

/** Every image of a stored body, in order: its address and alt text, decoded. */
export function imagesIn(html: string): Array<{ src: string; alt: string }> {
  return Array.from(html.matchAll(/<img\b[^>]*>/gi), ([tag]) => ({
    src: decodeEntities(/\bsrc="([^"]*)"/i.exec(tag)?.[1] ?? ''),
    alt: altOf(tag),
  }));
}
