import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/*
 * Time-based one-time passwords, RFC 6238 (HMAC-SHA1, 30-second steps, 6 digits): what every authenticator app
 * speaks, through otplib. Secrets travel as RFC 4648 base32.
 */
const PERIOD = 30;
const DIGITS = 6;

/** A new 160-bit secret (RFC 4226 recommends at least 128 bits). */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The code an authenticator shows at `atMs`. */
export function totpCode(secret: string, atMs: number = Date.now()): string {
  return generateSync({ secret, period: PERIOD, digits: DIGITS, epoch: Math.floor(atMs / 1000) });
}

/**
 * The time step (30-second counter) whose code this is, accepting the current step and one either side for
 * clocks that drift a little; null when the code matches none. The caller refuses a step already used.
 */
export function matchTotp(secret: string, code: string, atMs: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    period: PERIOD,
    digits: DIGITS,
    epoch: Math.floor(atMs / 1000),
    epochTolerance: PERIOD,
  });
  // The result type also covers counter-based codes, which have no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret, period: PERIOD, digits: DIGITS });
}
