/*
 * Reading a post's stored body, which the sanitiser wrote (sanitize-html.ts): attributes always in double quotes,
 * their text entity-encoded. So a tag is found by a pattern, not a parser.
 */
import { decodeEntities } from '../../shared/read-time.ts';

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
