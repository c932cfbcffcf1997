import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { MigrationContext } from '../../db/database.ts';
import type { Config } from './config.ts';

/** `v1.` + base64url(12-byte IV ‖ AES-256-GCM ciphertext ‖ 16-byte tag). */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key TOTP secrets are encrypted with: TOTP_ENCRYPTION_KEY, or one derived from SESSION_SECRET so a single
 * secret suffices. A development server without either gets a random key: its 2FA set-ups last until it restarts.
 */
export function totpEncryptionKey(config: Pick<Config, 'TOTP_ENCRYPTION_KEY' | 'SESSION_SECRET'>): Buffer {
  if (config.TOTP_ENCRYPTION_KEY) return createHash('sha256').update(config.TOTP_ENCRYPTION_KEY).digest();
  if (config.SESSION_SECRET) return createHmac('sha256', config.SESSION_SECRET).update('totp-secrets').digest();
  return devKey;
}
const devKey = randomBytes(32);

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The plain secret; throws when the key is not the one it was sealed with (the message says which setting). */
export function unseal(key: Buffer, stored: string): string {
  if (!isSealed(stored)) throw new Error('TOTP secret is not encrypted: run the migrations with the server configuration.');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('TOTP secret cannot be decrypted: TOTP_ENCRYPTION_KEY (or SESSION_SECRET without it) changed.');
  }
}

/** What the TOTP migration needs to encrypt secrets stored before it. */
export function totpSealing(config: Pick<Config, 'TOTP_ENCRYPTION_KEY' | 'SESSION_SECRET'>): NonNullable<MigrationContext['totp']> {
  const key = totpEncryptionKey(config);
  return { seal: (plain) => seal(key, plain), isSealed };
}
