import { describe, expect, it } from 'vitest';
import { EVERY_PATH } from '../../db/queries/blogs.ts';
import { BLANK_CUSTOM_PAGE, defaultSiteWords } from '../../shared/site-words.ts';
import { pagesShowing } from './pages-showing.ts';

const words = defaultSiteWords('Northbridge IT');
const hosting = words.services['web-hosting'];
const careers = { ...BLANK_CUSTOM_PAGE, title: 'Careers', address: 'careers', body: '<p>x</p>' };
const KEY = 'page-00000000-0000-4000-8000-000000000000';

describe('the pages a publish drops (decision 027)', () => {
  it('a built-in page: its own path only', () => {
    expect(pagesShowing('about', words.pages.about, { ...words.pages.about, title: 'About' })).toEqual(['/about']);
    expect(pagesShowing('home', words.pages.home, words.pages.home)).toEqual(['/']);
  });

  it('a service: its descriptions on the home and services pages; its name or tagline on every page', () => {
    expect(pagesShowing('web-hosting', hosting, { ...hosting, summary: 'New.' })).toEqual(['/', '/services']);
    expect(pagesShowing('web-hosting', hosting, { ...hosting, name: 'Hosting' })).toEqual([EVERY_PATH]);
    expect(pagesShowing('web-hosting', hosting, { ...hosting, tagline: 'Fast.' })).toEqual([EVERY_PATH]);
  });

  it('the navigation: every page', () => {
    expect(pagesShowing('navigation', words.navigation, words.navigation)).toEqual([EVERY_PATH]);
  });

  it('a page staff made: its old and new addresses and the sitemap; every page when its place in the footer changes', () => {
    expect(pagesShowing(KEY, null, careers)).toEqual(['/careers', '/sitemap.xml']);
    expect(pagesShowing(KEY, careers, { ...careers, address: 'jobs' })).toEqual(['/careers', '/jobs', '/sitemap.xml']);
    expect(pagesShowing(KEY, careers, null)).toEqual(['/careers', '/sitemap.xml']);
    const shown = { ...careers, showInFooter: true };
    expect(pagesShowing(KEY, careers, shown)).toEqual([EVERY_PATH]);
    expect(pagesShowing(KEY, shown, { ...shown, body: '<p>y</p>' })).toEqual(['/careers', '/sitemap.xml']);
    expect(pagesShowing(KEY, shown, { ...shown, title: 'Jobs' })).toEqual([EVERY_PATH]);
    expect(pagesShowing(KEY, shown, null)).toEqual([EVERY_PATH]);
  });
});
