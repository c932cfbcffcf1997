import { describe, expect, it } from 'vitest';
import { formatAbn, formatAuPhone, phoneE164 } from './au-identifiers.ts';

describe('formatAbn', () => {
  it('accepts ABNs that pass the register checksum, in any spacing', () => {
    expect(formatAbn('53004085616')).toBe('53 004 085 616');
    expect(formatAbn(' 51 824 753 556 ')).toBe('51 824 753 556');
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(formatAbn('53 004 085 617')).toBeNull();
    expect(formatAbn('12 345 678 901')).toBeNull();
    expect(formatAbn('5300408561')).toBeNull();
    expect(formatAbn('53 004 085 61a')).toBeNull();
  });
});

describe('formatAuPhone', () => {
  it('writes each kind of Australian number the way the site shows it', () => {
    expect(formatAuPhone('02 8005 0142')).toBe('(02) 8005 0142');
    expect(formatAuPhone('+61 2 8005 0142')).toBe('(02) 8005 0142');
    expect(formatAuPhone('0412-345-678')).toBe('0412 345 678');
    expect(formatAuPhone('1300123456')).toBe('1300 123 456');
    expect(formatAuPhone('13 12 34')).toBe('13 12 34');
  });

  it('refuses numbers that are not Australian or not complete', () => {
    expect(formatAuPhone('+44 20 7946 0958')).toBeNull();
    expect(formatAuPhone('02 8005 014')).toBeNull();
    expect(formatAuPhone('05 8005 0142')).toBeNull();
    expect(formatAuPhone('call us')).toBeNull();
  });
});

describe('phoneE164', () => {
  it('puts landlines and mobiles in international form and leaves 13 numbers national', () => {
    expect(phoneE164('(02) 8005 0142')).toBe('+61280050142');
    expect(phoneE164('0412 345 678')).toBe('+61412345678');
    expect(phoneE164('1300 123 456')).toBe('1300123456');
    expect(phoneE164('+44 20 7946 0000')).toBe('+442079460000');
  });
});
