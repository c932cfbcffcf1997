import { describe, expect, it } from 'vitest';
import { referrerHost, visitSource } from './sources.ts';

const SITE = 'northbridge-it.com.au';
const channel = (query: string, referer?: string) => visitSource(query ? new URLSearchParams(query) : null, referer, SITE).channel;

describe('a visit’s source (docs/product.md#analytics)', () => {
  it('keeps only the referring host, lower case and without www, and nothing for this site itself', () => {
    expect(referrerHost('https://WWW.Google.com.au/search?q=private+words', SITE)).toBe('google.com.au');
    expect(referrerHost('https://www.northbridge-it.com.au/blog', SITE)).toBe('');
    expect(referrerHost('android-app://com.slack/', SITE)).toBe('');
    expect(referrerHost('not a url', SITE)).toBe('');
  });

  it('groups visits into channels, campaign tags first', () => {
    expect(channel('')).toBe('direct');
    expect(channel('', 'https://www.google.de/')).toBe('search');
    expect(channel('', 'https://duckduckgo.com/')).toBe('search');
    expect(channel('', 'https://l.facebook.com/')).toBe('social');
    expect(channel('', 'https://t.co/abc')).toBe('social');
    expect(channel('', 'https://mail.google.com/')).toBe('email');
    expect(channel('', 'https://partner.example.org/')).toBe('referral');
    // A host that merely contains a search engine's name is not one.
    expect(channel('', 'https://notgoogle.example.com/')).toBe('referral');
    expect(channel('utm_medium=email&utm_source=newsletter')).toBe('email');
    expect(channel('utm_medium=social', 'https://www.google.com/')).toBe('social');
    expect(channel('utm_medium=cpc&utm_source=google', 'https://www.google.com/')).toBe('campaign');
    expect(channel('utm_campaign=spring')).toBe('campaign');
  });

  it('cuts campaign values to 60 characters, lower case, keeping letters, digits, spaces and . _ -', () => {
    const source = visitSource(new URLSearchParams(`utm_campaign=${'X'.repeat(300)}`), undefined, SITE);
    expect(source.utmCampaign).toBe('x'.repeat(60));
    const tags = new URLSearchParams({
      utm_source: ' News\u0000letter<script>  ',
      utm_medium: 'E-Mail',
      utm_campaign: 'Frühling 2026 / Sale*',
    });
    expect(visitSource(tags, undefined, SITE)).toMatchObject({
      utmSource: 'news letter script',
      utmMedium: 'e-mail',
      utmCampaign: 'frühling 2026 sale',
    });
  });

  it('keeps a referrer only when its host is a DNS name', () => {
    expect(referrerHost('https://partner.example.org./page', SITE)).toBe('partner.example.org');
    expect(referrerHost('https://203.0.113.9/', SITE)).toBe('203.0.113.9');
    expect(referrerHost('https://[2001:db8::1]/', SITE)).toBe('');
    expect(referrerHost('https://localhost/', SITE)).toBe('');
    expect(referrerHost(`https://${'a'.repeat(60)}.${'b'.repeat(60)}.example/`, SITE)).toBe('');
    expect(referrerHost('https://xn--bcher-kva.example/', SITE)).toBe('xn--bcher-kva.example');
    expect(referrerHost('https://under_score.example/', SITE)).toBe('');
  });
});
