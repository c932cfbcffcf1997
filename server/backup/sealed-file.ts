/**
 * A snapshot as it leaves the server: gzip-compressed, then sealed with AES-256-GCM (node:crypto) under BACKUP_KEY,
 * a fresh 12-byte nonce each time and the snapshot's id as additional data, so an object renamed or swapped for
 * another one is refused too (docs/decisions/023-off-site-backups.md). Layout: `NBKP`, version 1, nonce,
 * ciphertext, 16-byte tag. Everything streams: nothing but one chunk at a time is held in memory.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const MAGIC = Buffer.from('NBKP1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + NONCE_BYTES;

/** Why a sealed snapshot could not be opened, in words for the operator. */
export class SnapshotUnreadable extends Error {}

/** Names the key without revealing it: the manifest records it, so a restore with another key is refused in words. */
export function keyId(key: Buffer): string {
  return createHmac('sha256', key).update('northbridge off-site backup key').digest('hex').slice(0, 16);
}

/** Compresses and seals `input` into `output`; returns the sealed size and its SHA-256 (hex). */
export async function sealFile(input: string, output: string, key: Buffer, id: string): Promise<{ size: number; sha256: string }> {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(id));
  const hash = createHash('sha256');
  let size = 0;
  const emit = (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    return chunk;
  };
  await pipeline(
    createReadStream(input),
    createGzip(),
    async function* (compressed: AsyncIterable<Buffer>) {
      yield emit(Buffer.concat([MAGIC, nonce]));
      for await (const chunk of compressed) yield emit(cipher.update(chunk));
      yield emit(cipher.final());
      yield emit(cipher.getAuthTag());
    },
    createWriteStream(output),
  );
  return { size, sha256: hash.digest('hex') };
}

/** SHA-256 (hex) of a file, read as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Opens a sealed snapshot into `output` (the SQLite file). A wrong key, a damaged object or one sealed under another
 * id fails authentication; nothing is left at `output` then.
 */
export async function openSealedFile(input: string, output: string, key: Buffer, id: string): Promise<void> {
  const { size } = await stat(input);
  if (size < HEADER_BYTES + TAG_BYTES) throw new SnapshotUnreadable('the object is too short to be a snapshot (truncated?).');
  const handle = await open(input);
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotUnreadable('the object is not a snapshot of this site.');
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length)).setAAD(Buffer.from(id)).setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(input, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      createGunzip(),
      createWriteStream(output),
    );
  } catch (err) {
    await rm(output, { force: true });
    // GCM checks the tag at the end; a damaged or truncated stream may fail in gunzip first. Either way: not this key's.
    throw new SnapshotUnreadable(`it does not open with this BACKUP_KEY, or the object was changed (${(err as Error).message}).`);
  }
}
