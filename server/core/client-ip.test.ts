import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashIp, privacyHashKey, storedClientIp, truncateIp } from './client-ip.ts';

const KEY = 'k'.repeat(32);

describe('truncateIp', () => {
  it.each([
    ['203.0.113.45', '203.0.113.0'],
    ['10.1.2.3', '10.1.2.0'],
    ['::ffff:203.0.113.45', '203.0.113.0'],
    ['::FFFF:198.51.100.7', '198.51.100.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['2001:0db8:00ab:ffff::1', '2001:db8:ab::'],
    ['2001:db8::1', '2001:db8::'],
    ['2001::5', '2001::'],
    ['fe80::1%eth0', 'fe80::'],
    ['::1', '::'],
    ['64:ff9b::192.0.2.33', '64:ff9b::'],
  ])('keeps the network of %s: %s', (ip, expected) => {
    expect(truncateIp(ip)).toBe(expected);
  });

  it.each(['', 'unknown', '300.1.2.3', '1.2.3', 'gggg::1'])('gives null for %j, which is no address', (ip) => {
    expect(truncateIp(ip)).toBeNull();
  });
});

describe('hashIp', () => {
  it('is the keyed HMAC-SHA256 of the address, 32 hex characters', () => {
    const expected = createHmac('sha256', KEY).update('203.0.113.45').digest('hex').slice(0, 32);
    expect(hashIp('203.0.113.45', KEY)).toBe(expected);
    expect(hashIp('203.0.113.45', KEY)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('hashes an IPv4-mapped IPv6 address as the IPv4 address it wraps', () => {
    expect(hashIp('::ffff:203.0.113.45', KEY)).toBe(hashIp('203.0.113.45', KEY));
  });

  it('differs with another key or another address', () => {
    expect(hashIp('203.0.113.45', 'x'.repeat(32))).not.toBe(hashIp('203.0.113.45', KEY));
    expect(hashIp('203.0.113.46', KEY)).not.toBe(hashIp('203.0.113.45', KEY));
  });
});

describe('storedClientIp', () => {
  it('keeps what each mode says', () => {
    expect(storedClientIp('203.0.113.45', 'truncate', KEY)).toBe('203.0.113.0');
    expect(storedClientIp('203.0.113.45', 'hash', KEY)).toBe(hashIp('203.0.113.45', KEY));
    expect(storedClientIp('203.0.113.45', 'full', KEY)).toBe('203.0.113.45');
    expect(storedClientIp('203.0.113.45', 'none', KEY)).toBeNull();
  });

  it('stores nothing when the address is unknown', () => {
    for (const mode of ['truncate', 'hash', 'full', 'none'] as const) expect(storedClientIp(undefined, mode, KEY)).toBeNull();
  });
});

describe('privacyHashKey', () => {
  it('uses IP_HASH_KEY when set, else a key derived from SESSION_SECRET (never the secret itself)', () => {
    const secret = 's'.repeat(40);
    expect(privacyHashKey({ IP_HASH_KEY: KEY, SESSION_SECRET: secret })).toBe(KEY);
    const derived = privacyHashKey({ IP_HASH_KEY: undefined, SESSION_SECRET: secret });
    expect(derived).not.toBe(secret);
    expect(derived).toBe(privacyHashKey({ IP_HASH_KEY: undefined, SESSION_SECRET: secret }));
    expect(derived).not.toBe(privacyHashKey({ IP_HASH_KEY: undefined, SESSION_SECRET: 't'.repeat(40) }));
  });
});
