import { createHmac, randomBytes } from 'node:crypto';
import { truncateIp } from '../core/client-ip.ts';

/** 128 bits of the HMAC, as hex: enough to tell a day's visitors apart, and the width of the column. */
const HASH_HEX = 32;

/** A fresh random salt for a day's hashes (32 bytes, hex). */
export function newSalt(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A visitor of the day (docs/product.md#analytics): a keyed hash of the day's random salt, the address's network
 * (IPv4 /24, IPv6 /48) and the user agent, the method Plausible documents. Without the salt, which is deleted with
 * its day, no one can recompute it from an address, nor follow a person from one day to the next.
 */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHmac('sha256', salt)
    .update(truncateIp(address) ?? address)
    .update('\n')
    .update(userAgent)
    .digest('hex')
    .slice(0, HASH_HEX);
}
