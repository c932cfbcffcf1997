import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_FONT } from '../../shared/sharing-card.ts';
import { drawPng } from './draw-card.ts';
import { woffToSfnt } from './woff.ts';

/** An sfnt table's checksum: the sum of its big-endian 32-bit words, zero-padded. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('the card font', () => {
  const sfnt = woffToSfnt(readFileSync(createRequire(import.meta.url).resolve(CARD_FONT.file)));
  const tables = new Map(
    Array.from({ length: sfnt.readUInt16BE(4) }, (_, i) => {
      const at = 12 + i * 16;
      const [offset, length] = [sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 12)];
      return [sfnt.toString('latin1', at, at + 4), { stored: sfnt.readUInt32BE(at + 4), data: sfnt.subarray(offset, offset + length) }];
    }),
  );

  it('unwraps from WOFF into a TrueType font whose every table matches its checksum', () => {
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    for (const name of ['cmap', 'glyf', 'head', 'hmtx', 'loca', 'name']) expect(tables.has(name)).toBe(true);
    for (const [name, { stored, data }] of tables) {
      // head's checksum is taken with its checkSumAdjustment field as zero.
      const body = name === 'head' ? Buffer.concat([data.subarray(0, 8), Buffer.alloc(4), data.subarray(12)]) : data;
      expect(checksum(body), name).toBe(stored);
    }
  });

  it('is the bold DejaVu Sans the cards name', () => {
    const names = tables.get('name')!.data.toString('latin1').replace(/\0/g, '');
    expect(names).toContain(CARD_FONT.family);
    expect(names).toContain('Bold');
  });

  it('sets the text of a card (no system font is loaded, so all ink is this font): more words, more ink', async () => {
    const ink = async (text: string) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#000"/><text x="40" y="300" font-family="${CARD_FONT.family}" font-weight="700" font-size="120" fill="#fff">${text}</text></svg>`;
      const { data, info } = await sharp((await drawPng(svg)).png)
        .raw()
        .toBuffer({ resolveWithObject: true });
      let inked = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 128) inked += 1;
      return inked;
    };
    const short = await ink('Hi');
    expect(short).toBeGreaterThan(1_000);
    expect(await ink('Hello, Sydney')).toBeGreaterThan(short * 2);
  });
});
