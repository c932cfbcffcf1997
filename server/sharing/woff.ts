import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font (W3C) back to the TrueType/OpenType file it wraps: each table zlib-compressed in WOFF is
 * inflated and laid out again behind an sfnt table directory. The card font's package ships WOFF, and resvg reads
 * only sfnt; the checksums are carried over from the WOFF directory as they were computed on the original tables.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its length');
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });

  const padded = (n: number) => (n + 3) & ~3;
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = header.length;
  const bodies: Buffer[] = [];
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    bodies.push(table.data, Buffer.alloc(padded(table.data.length) - table.data.length));
    offset += padded(table.data.length);
  });
  return Buffer.concat([header, ...bodies]);
}
