import { describe, expect, it } from 'vitest';
import { PAGES_MESSAGES } from '../pages-texts.ts';
import { DEFAULT_SITE_SETTINGS } from '../company.ts';
import { FIELD_MESSAGES, HOME_TEXT } from '../messages.ts';
import { SERVICES } from '../services.ts';
import { BUILT_IN_KEYS, PAGE_FIELDS, RESERVED_ADDRESSES, defaultSiteWords, wordsOf } from '../site-words.ts';
import { fieldErrors } from './fields.ts';
import { wordsSchema } from './site-words.ts';

const DEFAULTS = defaultSiteWords(DEFAULT_SITE_SETTINGS.name);
const errorsOf = (key: Parameters<typeof wordsSchema>[0], words: unknown) => {
  const parsed = wordsSchema(key).safeParse(words);
  return parsed.success ? {} : fieldErrors(parsed.error, { nested: true });
};

describe('the pages’ words’ rules', () => {
  it('every built-in page’s, service’s and the navigation’s defaults pass their own rules', () => {
    for (const key of BUILT_IN_KEYS) expect(errorsOf(key, wordsOf(DEFAULTS, key)), key).toEqual({});
  });

  it('the defaults are today’s words, read from their catalogues', () => {
    expect(DEFAULTS.pages.home.heroTitle).toBe(HOME_TEXT.heading);
    expect(DEFAULTS.pages.home.heroText).toBe(HOME_TEXT.lead(DEFAULT_SITE_SETTINGS.name));
    expect(SERVICES.map((s) => DEFAULTS.services[s.id].summary)).toEqual(SERVICES.map((s) => s.summary));
  });

  it('refuses an empty field, one past its limit, an empty list, a field it does not know', () => {
    const home = DEFAULTS.pages.home;
    const { max, label } = PAGE_FIELDS.home.heroTitle;
    expect(errorsOf('home', { ...home, heroTitle: '  ' })).toEqual({ heroTitle: FIELD_MESSAGES.required(label) });
    expect(errorsOf('home', { ...home, heroTitle: 'x'.repeat(max + 1) })).toEqual({ heroTitle: FIELD_MESSAGES.tooLong(label, max) });
    expect(errorsOf('about', { ...DEFAULTS.pages.about, story: [] })).toEqual({
      story: PAGES_MESSAGES.atLeastOne(PAGE_FIELDS.about.story.item),
    });
    expect(errorsOf('home', { ...home, script: '<script>' })).toEqual({ script: FIELD_MESSAGES.unknownField });
  });

  it('a new page’s address: one segment of lowercase letters, digits and hyphens, none of the site’s own', () => {
    const page = {
      title: 'T',
      address: 'our-team',
      body: '<p>x</p>',
      seoTitle: 'T',
      metaDescription: 'D',
      socialImage: '',
      showInFooter: false,
    };
    const key = 'page-0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(errorsOf(key, page)).toEqual({});
    for (const address of ['Our-Team', 'our_team', 'team.html', 'a/b', '-team', 'team--a']) {
      expect(errorsOf(key, { ...page, address }), address).toEqual({ address: PAGES_MESSAGES.addressFormat });
    }
    for (const address of RESERVED_ADDRESSES)
      expect(errorsOf(key, { ...page, address })).toEqual({ address: PAGES_MESSAGES.addressReserved(address) });
    expect(errorsOf(key, { ...page, socialImage: 'https://elsewhere.example/a.png' })).toEqual({
      socialImage: PAGES_MESSAGES.imageAddress,
    });
  });

  it('a navigation link goes to a page of this site or an https address', () => {
    const footer = DEFAULTS.navigation.footer;
    for (const text of ['javascript:alert(1)', '//evil.example', 'http://example.com', 'about']) {
      expect(errorsOf('navigation', { ...DEFAULTS.navigation, footer: [...footer, { title: 'X', text }] }), text).toEqual({
        [`footer.${footer.length}.text`]: PAGES_MESSAGES.linkAddress,
      });
    }
    expect(errorsOf('navigation', { ...DEFAULTS.navigation, footer: [{ title: 'Status', text: 'https://status.example.com' }] })).toEqual(
      {},
    );
  });
});
