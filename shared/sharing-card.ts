import { SHARING_IMAGE_SIZE } from './sharing-image.ts';

/*
 * The site's sharing artwork and the cards drawn from it: every page's and every post's sharing image is this
 * artwork with the page's or the post's title on it. Only text here (an SVG); the PNG is drawn by the build for
 * the pages (scripts/sharing-images.ts) and by the server for a post when it is published (server/sharing/).
 * public/images/og-default.svg is `artworkSvg()` as a file (a test holds them equal): the blog's fallback image.
 */

const { width, height } = SHARING_IMAGE_SIZE;
const BACKGROUND =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b2545"/><stop offset="1" stop-color="#13315c"/></linearGradient></defs>' +
  `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
  `<g fill="none" stroke="#8ecae6" stroke-opacity=".25"><path d="M0 480h${width}M0 400h${width}M0 320h${width}"/></g>`;
/** The brand mark, 160 px square, centred at (600, 315). */
const MARK =
  '<rect x="520" y="235" width="160" height="160" rx="34" fill="#1d4ed8"/>' +
  '<path d="M565 350V280l70 70v-70" fill="none" stroke="#fff" stroke-width="15" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<circle cx="635" cy="280" r="12" fill="#f59e0b"/>';

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** The artwork alone: the mark on the site's navy. */
export function artworkSvg(): string {
  return svg(BACKGROUND + MARK);
}

/** The font the cards are drawn in; the server and the build load this one file, so every card looks the same. */
export const CARD_FONT = { family: 'DejaVu Sans', file: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff' } as const;

const TEXT_LEFT = 80;
const TEXT_WIDTH = width - 2 * TEXT_LEFT;
/** Where the title sits: below the mark (moved to the top left), above the bottom edge. */
const TEXT_TOP = 250;
const TEXT_BOTTOM = 570;
/** DejaVu Sans Bold's average advance is about 0.62 em in English titles; a line holds what fits at that width. */
const AVERAGE_ADVANCE = 0.62;
/** Largest type first: a short title is big, a long one smaller; the last size cuts what does not fit with "…". */
const SIZES = [
  { size: 72, lines: 3 },
  { size: 58, lines: 4 },
  { size: 46, lines: 5 },
] as const;

/** Words into lines of at most `max` characters; a word longer than a line is split. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > max) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, max));
      line = '';
      rest = rest.slice(max);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= max) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The title's lines and type size: the largest size at which it fits, else the smallest, cut with "…". */
export function titleLayout(title: string): { size: number; lines: string[] } {
  for (const { size, lines: most } of SIZES) {
    const lines = wrapWords(title, Math.floor(TEXT_WIDTH / (size * AVERAGE_ADVANCE)));
    if (lines.length <= most) return { size, lines };
  }
  const { size, lines: most } = SIZES.at(-1)!;
  const max = Math.floor(TEXT_WIDTH / (size * AVERAGE_ADVANCE));
  const lines = wrapWords(title, max).slice(0, most);
  lines[most - 1] = `${lines[most - 1]!.slice(0, max - 1).trimEnd()}…`;
  return { size, lines };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The artwork with `title` on it: the mark small at the top left, the title in white below it. */
export function sharingCardSvg(title: string): string {
  const { size, lines } = titleLayout(title.trim());
  const lineHeight = Math.round(size * 1.18);
  // The block is centred in the space below the mark; `y` is each line's baseline.
  const first = TEXT_TOP + Math.round((TEXT_BOTTOM - TEXT_TOP - lineHeight * lines.length) / 2) + size;
  const text = lines
    .map((line, i) => `<tspan x="${TEXT_LEFT}" y="${first + i * lineHeight}">${line.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</tspan>`)
    .join('');
  return svg(
    BACKGROUND +
      `<g transform="translate(${TEXT_LEFT} 72) scale(.6) translate(-520 -235)">${MARK}</g>` +
      `<text font-family="${CARD_FONT.family}" font-weight="700" font-size="${size}" fill="#fff">${text}</text>`,
  );
}
