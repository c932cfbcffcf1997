import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as resvgModule from '@resvg/resvg-js';
import { CARD_FONT } from '../../shared/sharing-card.ts';
import { SHARING_IMAGE_SIZE } from '../../shared/sharing-image.ts';
import { woffToSfnt } from './woff.ts';

/**
 * The font, from its npm package (servers and the Docker image have no fonts of their own): the package brings one
 * typeface's Latin faces as WOFF in 2 MB, where a TrueType package of DejaVu brought 12 MB. resvg's native build
 * reads fonts from files only, so the face is unwrapped once per process into a file of its own under the
 * system's temporary folder.
 */
let fontFile: string | undefined;
export function cardFontFile(): string {
  if (!fontFile) {
    const sfnt = woffToSfnt(readFileSync(createRequire(import.meta.url).resolve(CARD_FONT.file)));
    fontFile = join(mkdtempSync(join(tmpdir(), 'card-font-')), 'card-font.ttf');
    writeFileSync(fontFile, sfnt);
  }
  return fontFile;
}

/**
 * resvg's native library is loaded when the first card is drawn, not at start: most processes never draw one (a
 * card is drawn when a post is published), and loaded it holds a few MB of memory for good
 * (docs/decisions/020-cache-hit-path.md).
 */
let resvg: Promise<typeof resvgModule> | undefined;

/**
 * Draws an SVG (an artwork or a card of shared/sharing-card.ts) as a PNG at the sharing size, 1200×630. Text is
 * set in the card font only, never in a system font, so a card looks the same on every machine.
 */
export async function drawPng(svg: string | Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const { Resvg } = await (resvg ??= import('@resvg/resvg-js'));
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: SHARING_IMAGE_SIZE.width },
    font: { fontFiles: [cardFontFile()], loadSystemFonts: false, defaultFontFamily: CARD_FONT.family },
  }).render();
  return { png: image.asPng(), width: image.width, height: image.height };
}
