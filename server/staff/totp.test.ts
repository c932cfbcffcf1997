import { describe, expect, it } from 'vitest';
import { generateTotpSecret, matchTotp, otpauthUri, totpCode } from './totp.ts';

// RFC 6238 appendix B test vectors for SHA-1, secret "12345678901234567890", last 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of the ASCII digits
const VECTORS: Array<[number, string]> = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('totp', () => {
  it.each(VECTORS)('at %i s the code is %s (RFC 6238 vector)', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('a new secret is 160 bits of base32, and the QR code names issuer, account and the code settings', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters of 5 bits each
    const uri = new URL(otpauthUri(secret, 'sam@example.com', 'Northbridge IT'));
    expect([uri.host, decodeURIComponent(uri.pathname)]).toEqual(['totp', '/Northbridge IT:sam@example.com']);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Northbridge IT' });
    // Left out, an authenticator uses the defaults of the key URI format: SHA-1, 6 digits, 30 seconds.
    expect([
      uri.searchParams.get('algorithm') ?? 'SHA1',
      uri.searchParams.get('digits') ?? '6',
      uri.searchParams.get('period') ?? '30',
    ]).toEqual(['SHA1', '6', '30']);
  });

  it('accepts the neighbouring steps, naming the step matched, but not older codes or junk', () => {
    const secret = generateTotpSecret();
    const now = 1_800_000_010_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 120_000), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });
});
