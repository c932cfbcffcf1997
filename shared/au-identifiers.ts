/*
 * Australian phone numbers and ABNs: checked, and written the one way the site shows them. No zod here, so the
 * hydrated pages that show a phone link do not carry a schema library.
 */

/** Digits only, with +61 or 61 in front of a national number turned back into its leading 0. */
function nationalDigits(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const international = /^\+?61(\d{9})$/.exec(compact);
  if (international) return `0${international[1]}`;
  return compact.startsWith('+') ? null : compact;
}

/**
 * An Australian number as the site shows it, or null: landlines `(02) 8005 0142`, mobiles `0412 345 678`,
 * `1300 123 456`, `1800 123 456` and `13 12 34`. Spaces, brackets, dots, dashes and a +61 prefix are accepted.
 */
export function formatAuPhone(text: string): string | null {
  const d = nationalDigits(text);
  if (!d) return null;
  if (/^0[2378]\d{8}$/.test(d)) return `(${d.slice(0, 2)}) ${d.slice(2, 6)} ${d.slice(6)}`;
  if (/^04\d{8}$/.test(d)) return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
  if (/^1[38]00\d{6}$/.test(d)) return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`;
  if (/^13\d{4}$/.test(d)) return `${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)}`;
  return null;
}

/**
 * The number in international form (`+61280050142`) for tel: links and JSON-LD; 13/1300/1800 numbers stay national,
 * and a number given in international form (`+44 20 7946 0000`) keeps its `+`.
 */
export function phoneE164(phone: string): string {
  const d = nationalDigits(phone) ?? phone.replace(/\D/g, '');
  if (/^0[2-478]\d{8}$/.test(d)) return `+61${d.slice(1)}`;
  return phone.trim().startsWith('+') ? `+${d}` : d;
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * An ABN as the site shows it (`53 004 085 616`), or null when it is not 11 digits or fails the checksum the
 * Australian Business Register publishes: subtract 1 from the first digit, weight the digits, and the sum
 * divides by 89.
 */
export function formatAbn(text: string): string | null {
  const d = text.replace(/\s/g, '');
  if (!/^\d{11}$/.test(d)) return null;
  const sum = [...d].reduce((total, digit, i) => total + (Number(digit) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0);
  if (sum % 89 !== 0) return null;
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
}
