import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../company.ts';
import { SETTINGS_MESSAGES } from '../admin-texts.ts';
import { LOOK_MESSAGES } from '../look-texts.ts';
import { fieldErrors } from './fields.ts';
import { SiteSettingsSchema } from './site-settings.ts';

const errorsOf = (input: unknown) => {
  const parsed = SiteSettingsSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error, { nested: true });
};

describe('SiteSettingsSchema', () => {
  it('accepts the defaults as they are', () => {
    expect(SiteSettingsSchema.parse(DEFAULT_SITE_SETTINGS)).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('stores the phone and the ABN written the site’s one way', () => {
    const saved = SiteSettingsSchema.parse({ ...DEFAULT_SITE_SETTINGS, phone: '+61 412-345-678', abn: '51824753556' });
    expect(saved.phone).toBe('0412 345 678');
    expect(saved.abn).toBe('51 824 753 556');
  });

  it('names each refused field with its own message, rows and the address included', () => {
    const errors = errorsOf({
      ...DEFAULT_SITE_SETTINGS,
      name: ' ',
      phone: '12345',
      abn: '53 004 085 617',
      address: { ...DEFAULT_SITE_SETTINGS.address, postcode: '206', region: 'XX' },
      social: [{ name: 'LinkedIn', url: 'http://www.linkedin.com/company/x' }],
      stats: [],
    });
    expect(errors).toEqual({
      name: 'Company name is required.',
      phone: SETTINGS_MESSAGES.phone,
      abn: SETTINGS_MESSAGES.abn,
      'address.postcode': SETTINGS_MESSAGES.postcode,
      'address.region': SETTINGS_MESSAGES.region,
      'social.0.url': SETTINGS_MESSAGES.socialUrl,
      stats: SETTINGS_MESSAGES.statsCount(1, 4),
    });
  });

  it('refuses social links that are not https pages and fields it does not know', () => {
    for (const url of ['javascript:alert(1)', 'https://localhost', 'ftp://example.com', 'linkedin.com/x']) {
      expect(errorsOf({ ...DEFAULT_SITE_SETTINGS, social: [{ name: 'X', url }] })).toEqual({ 'social.0.url': SETTINGS_MESSAGES.socialUrl });
    }
    expect(Object.keys(errorsOf({ ...DEFAULT_SITE_SETTINGS, colour: 'red' }))).toEqual(['colour']);
  });

  it('stores an accent in lower case with its #, today’s blue as none, and refuses one under WCAG AA in words', () => {
    expect(SiteSettingsSchema.parse({ ...DEFAULT_SITE_SETTINGS, accent: ' 7C2D12 ' }).accent).toBe('#7c2d12');
    expect(SiteSettingsSchema.parse({ ...DEFAULT_SITE_SETTINGS, accent: '#1D4ED8' })).toEqual(DEFAULT_SITE_SETTINGS);
    expect(errorsOf({ ...DEFAULT_SITE_SETTINGS, accent: 'navy' })).toEqual({ accent: LOOK_MESSAGES.accentFormat });
    expect(errorsOf({ ...DEFAULT_SITE_SETTINGS, accent: '#fde047' }).accent).toMatch(
      /^This colour is too hard to read as link text on the light pages \(1\.1:1;/,
    );
  });

  it('takes a logo and favicon only as PNG or WebP images of the media library, the logo with its alt text', () => {
    const logo = { src: '/media/0f8fad5b-d9cb-469f-a165-70867728950e/480.png', alt: 'Harbourline', width: 160, height: 40 };
    expect(SiteSettingsSchema.parse({ ...DEFAULT_SITE_SETTINGS, logo }).logo).toEqual(logo);
    expect(errorsOf({ ...DEFAULT_SITE_SETTINGS, logo: { ...logo, src: 'https://example.com/logo.png', alt: ' ' } })).toEqual({
      'logo.src': LOOK_MESSAGES.imageFormat('logo'),
      'logo.alt': 'Logo alt text is required.',
    });
    expect(errorsOf({ ...DEFAULT_SITE_SETTINGS, favicon: '/media/0f8fad5b-d9cb-469f-a165-70867728950e/480.jpeg' })).toEqual({
      favicon: LOOK_MESSAGES.imageFormat('favicon'),
    });
  });
});
