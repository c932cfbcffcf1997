/**
 * Passkeys as the account page shows them (docs/product.md#passkeys). Dates are ISO-8601 strings. Here rather than
 * beside the zod schema, so the account page ships no zod.
 */

/** The longest name a person may give a passkey. */
export const PASSKEY_NAME_MAX = 60;

export interface PasskeyInfo {
  /** The credential's id (base64url): the passkey's address in the account API. */
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\//, 'Firefox'],
  // Also HeadlessChrome.
  [/Chrom(e|ium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad)\b/, 'iOS'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A first name for a new passkey, from the browser adding it ("Passkey on Chrome, macOS"); the person may change it. */
export function defaultPasskeyName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const where = [browser, system].filter(Boolean).join(', ');
  return where ? `Passkey on ${where}` : 'Passkey';
}
