import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SnapshotUnreadable, openSealedFile, sealFile, sha256Of } from './sealed-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'sealed-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealed snapshots', () => {
  const key = randomBytes(32);
  const plain = join(dir, 'plain');
  writeFileSync(plain, Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(50_000), Buffer.alloc(200_000)]));

  it('open with their key and id to the same bytes; compressed, and the plaintext nowhere in them', async () => {
    const sealed = join(dir, 'sealed');
    const { size, sha256 } = await sealFile(plain, sealed, key, 'snap-1');
    expect(size).toBe(readFileSync(sealed).length);
    expect(size).toBeLessThan(200_000);
    expect(sha256).toBe(await sha256Of(sealed));
    expect(readFileSync(sealed).includes(Buffer.from('SQLite format 3'))).toBe(false);
    await openSealedFile(sealed, join(dir, 'opened'), key, 'snap-1');
    expect(readFileSync(join(dir, 'opened')).equals(readFileSync(plain))).toBe(true);
  });

  it.each([
    ['another key', (sealed: string) => ({ sealed, key: randomBytes(32), id: 'snap-2' })],
    ['another id (a renamed object)', (sealed: string) => ({ sealed, key, id: 'snap-other' })],
    ['a truncated object', (sealed: string) => (truncateSync(sealed, readFileSync(sealed).length - 100), { sealed, key, id: 'snap-2' })],
  ])('refuse %s and leave no file behind', async (_, damage) => {
    const sealed = join(dir, `sealed-${randomBytes(4).toString('hex')}`);
    await sealFile(plain, sealed, key, 'snap-2');
    const attempt = damage(sealed);
    const target = join(dir, 'refused');
    await expect(openSealedFile(attempt.sealed, target, attempt.key, attempt.id)).rejects.toThrow(SnapshotUnreadable);
    expect(existsSync(target)).toBe(false);
  });

  it('use a fresh nonce each time: the same file sealed twice differs', async () => {
    await sealFile(plain, join(dir, 'a'), key, 'same');
    await sealFile(plain, join(dir, 'b'), key, 'same');
    expect(readFileSync(join(dir, 'a')).equals(readFileSync(join(dir, 'b')))).toBe(false);
  });
});
