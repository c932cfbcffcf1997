import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_MESSAGES, IMPORT_ZIP_MAX_FILES, IMPORT_ZIP_MAX_RATIO, IMPORT_ZIP_MAX_UNPACKED } from '../../shared/import-messages.ts';
import { AppError } from '../core/errors.ts';

/** A file below this size may pack as tightly as it likes (a page of spaces does); above it, the ratio counts. */
const RATIO_FREE_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface SafeZip {
  /** The files (not folders) it holds, by their names inside the zip. */
  names: string[];
  /** One file's bytes; its size was checked against the limits before anything was unpacked. */
  read(name: string): Promise<Buffer>;
  close(): void;
}

function refused(message: string): AppError {
  return new AppError('INVALID_ARGUMENT', message);
}

/** yauzl's refusals of a name (`../x`, `/etc/x`, `C:\x`) in the import's words. */
function zipError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = (err as Error).message ?? '';
  const name = /(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(message)?.[1];
  return refused(name !== undefined ? IMPORT_MESSAGES.zipUnsafeName(name) : IMPORT_MESSAGES.zipBroken);
}

/**
 * Opens a zip and checks every entry before any is unpacked (docs/decisions/028-import-parsers.md): at most
 * IMPORT_ZIP_MAX_FILES files and IMPORT_ZIP_MAX_UNPACKED bytes unpacked, no file packed more than
 * IMPORT_ZIP_MAX_RATIO times, no name outside the zip's folder (yauzl refuses `..` and absolute names), no links.
 * Nothing is ever written to disk: files are read into memory one at a time, each no larger than it declared.
 */
export async function openSafeZip(path: string): Promise<SafeZip> {
  const zip = await promisify<string, yauzl.Options, ZipFile>(yauzl.open)(path, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
    strictFileNames: true,
  }).catch((err: unknown) => {
    throw zipError(err);
  });
  try {
    const entries = await listEntries(zip);
    return {
      names: [...entries.keys()],
      async read(name) {
        const entry = entries.get(name);
        if (!entry) throw refused(IMPORT_MESSAGES.zipBroken);
        const stream = await promisify(zip.openReadStream.bind(zip))(entry);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw zipError(err);
  }
}

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let unpacked = 0;
    zip.on('error', reject);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) return reject(refused(IMPORT_MESSAGES.zipLink(name)));
      if (!name.endsWith('/')) {
        if (entries.size >= IMPORT_ZIP_MAX_FILES) return reject(refused(IMPORT_MESSAGES.zipTooManyFiles));
        unpacked += entry.uncompressedSize;
        if (unpacked > IMPORT_ZIP_MAX_UNPACKED) return reject(refused(IMPORT_MESSAGES.zipTooBig));
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > RATIO_FREE_BYTES && ratio > IMPORT_ZIP_MAX_RATIO)
          return reject(refused(IMPORT_MESSAGES.zipRatio(name)));
        entries.set(name, entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}
