import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * How a visitor's IP address is kept with their lead (Australian Privacy Principle 3: collect no more than
 * needed). `truncate` keeps the network (IPv4 /24, IPv6 /48), enough to spot a spam wave; `hash` keeps a
 * keyed digest, so repeats from one address can be matched but the address cannot be read back.
 */
export const CLIENT_IP_STORAGE_MODES = ['truncate', 'hash', 'full', 'none'] as const;
export type ClientIpStorage = (typeof CLIENT_IP_STORAGE_MODES)[number];

/** Hex characters of the HMAC kept: 128 bits, plenty to tell addresses apart. */
const HASH_LENGTH = 32;

/** `::ffff:203.0.113.7` (how Node reports IPv4 on a dual-stack socket) is the IPv4 address it wraps. */
function unwrapMapped(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, `::` and an IPv4 tail expanded). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const middle = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...middle, ...back];
}

/** The /24 network of an IPv4 address or the /48 of an IPv6 one; null for anything that is not an address. */
export function truncateIp(raw: string): string | null {
  const ip = unwrapMapped(raw.trim());
  if (isIPv4(ip)) return ip.replace(/\.\d+$/, '.0');
  if (!isIPv6(ip.split('%')[0]!)) return null;
  const [a, b, c] = ipv6Groups(ip) as [number, number, number];
  const groups = [a, b, c].map((g) => g.toString(16));
  // The shortest form of "these 48 bits, then zeros".
  while (groups.length && groups.at(-1) === '0') groups.pop();
  return `${groups.join(':')}::`;
}

/** A keyed HMAC-SHA256 of the address (IPv4-mapped IPv6 hashed as the IPv4 address), hex, shortened. */
export function hashIp(raw: string, key: string): string {
  const ip = unwrapMapped(raw.trim()).toLowerCase();
  return createHmac('sha256', key).update(ip).digest('hex').slice(0, HASH_LENGTH);
}

/** What is stored for a lead's client IP under the configured mode. */
export function storedClientIp(ip: string | undefined, mode: ClientIpStorage, hashKey: string): string | null {
  if (!ip || mode === 'none') return null;
  if (mode === 'full') return ip;
  if (mode === 'hash') return hashIp(ip, hashKey);
  return truncateIp(ip);
}

/** The two settings privacyHashKey reads (named here, not imported: config.ts imports this module's modes). */
export interface PrivacySecrets {
  IP_HASH_KEY?: string | undefined;
  SESSION_SECRET?: string | undefined;
}

/**
 * The key for privacy hashes (client IPs, and the e-mail reference in privacy audit entries): IP_HASH_KEY, or
 * one derived from SESSION_SECRET so a single secret suffices. A development server without either gets a
 * random key: its hashes cannot be matched across restarts.
 */
export function privacyHashKey(config: PrivacySecrets): string {
  if (config.IP_HASH_KEY) return config.IP_HASH_KEY;
  if (config.SESSION_SECRET) return createHmac('sha256', config.SESSION_SECRET).update('privacy-hashes').digest('hex');
  return devKey;
}
const devKey = randomBytes(32).toString('hex');
