import { describe, expect, it } from 'vitest';
import { TRUSTED_LANE } from './hash-queue.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password, refuses a wrong one, and salts every hash', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    await expect(verifyPassword('correct horse battery', a, TRUSTED_LANE)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterx', a, TRUSTED_LANE)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'not-a-hash', TRUSTED_LANE)).resolves.toBe(false);
  });
});
