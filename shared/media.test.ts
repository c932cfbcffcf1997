import { describe, expect, it } from 'vitest';
import { canonicalImageAddress, mediaIdsIn } from './images.ts';
import { formatBytes, labelOfUse, mediaFilter, mediaQueryString } from './media.ts';

const A = '0b0c1d2e-3f40-4152-8364-758697a8b9c0';
const B = '11111111-2222-4333-8444-555555555555';

describe('what counts as a use of an uploaded image', () => {
  it('every /media/<id>/ address in a text, once each, wherever it sits (src, srcset, JSON, a link)', () => {
    const html = `<img src="/media/${A}/1600.png" srcset="/media/${A}/480.webp 480w"><a href="https://www.example.com.au/media/${B}/960.jpeg">x</a>`;
    expect(mediaIdsIn(html)).toEqual([A, B]);
    expect(mediaIdsIn(JSON.stringify({ logo: `/media/${B}/480.png` }))).toEqual([B]);
  });

  it('nothing else: other images, a malformed id, no text', () => {
    expect(mediaIdsIn('<img src="/images/blog/a.svg"> /media/not-an-id/480.png /media/0B0C1D2E-3F40-4152-8364-758697A8B9C0/1.png')).toEqual(
      [],
    );
    expect(mediaIdsIn(null)).toEqual([]);
  });
});

describe('an image address as a save stores it', () => {
  it('any spelling that loads an uploaded image becomes /media/<id>/<width>.<ext>, keeping host, query and fragment', () => {
    const spellings = [
      `/media/%30${A.slice(1)}/1600.png`,
      `/Media/${A}/1600%2epng`,
      `/media/${A}/1600.png/`,
      `/x/../media/./${A}/1600.png`,
      `media/${A}/1600.png`,
    ];
    for (const spelling of spellings) expect(canonicalImageAddress(spelling), spelling).toBe(`/media/${A}/1600.png`);
    expect(canonicalImageAddress(`/media/${A}/%34%38%30.webp?v=1#top`)).toBe(`/media/${A}/480.webp?v=1#top`);
    const site = 'https://www.example.com.au';
    expect(canonicalImageAddress(`${site}/media/%30${A.slice(1)}/960.jpeg`)).toBe(`${site}/media/${A}/960.jpeg`);
  });

  it('every other address is left exactly as it was written', () => {
    for (const address of [
      '/images/blog/a.svg',
      `//evil.example/media/%30${A.slice(1)}/1600.png`,
      `/media/${A.toUpperCase()}/1600.png`,
      `/media/${A}/1601.png`,
      `/media/${A}/1600.png/x`,
      '/media/%ZZ/1600.png',
      `javascript:/media/${A}/1600.png`,
      'https://cdn.example.com/a b.png',
      '',
    ]) {
      expect(canonicalImageAddress(address), address).toBe(address);
    }
  });
});

describe('the library’s words', () => {
  it('sizes read as people read them', () => {
    expect([formatBytes(512), formatBytes(850_000), formatBytes(4.2 * 1024 * 1024), formatBytes(3 * 1024 ** 3)]).toEqual([
      '512 bytes',
      '830 KB',
      '4.2 MB',
      '3.00 GB',
    ]);
  });

  it('a use names its post and place', () => {
    expect(labelOfUse({ place: 'body', post: { id: A, title: 'Racks' } })).toBe('Racks (in the text)');
    expect(labelOfUse({ place: 'featured', post: { id: A, title: 'Racks' } })).toBe('Racks (featured image)');
    expect(labelOfUse({ place: 'settings', post: null })).toBe('Site settings');
  });

  it('the filter is "unused" or everything, and a view is a link', () => {
    expect([mediaFilter('unused'), mediaFilter('all'), mediaFilter('anything'), mediaFilter(undefined)]).toEqual([
      'unused',
      'all',
      'all',
      'all',
    ]);
    expect(mediaQueryString({ show: 'unused', cursor: 'abc.def' })).toBe('?show=unused&cursor=abc.def');
    expect(mediaQueryString({ show: 'all' })).toBe('');
  });
});
