import { describe, expect, it } from 'vitest';
import { mediaIdsIn } from './images.ts';
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
    expect(mediaIdsIn('<img src="/images/blog/a.svg"> /media/not-an-id/480.png /media/0B0C1D2E-3F40-4152-8364-758697A8B9C0/1.png')).toEqual([]);
    expect(mediaIdsIn(null)).toEqual([]);
  });
});

describe('the library’s words', () => {
  it('sizes read as people read them', () => {
    expect([formatBytes(512), formatBytes(850_000), formatBytes(4.2 * 1024 * 1024), formatBytes(3 * 1024 ** 3)]).toEqual(['512 bytes', '830 KB', '4.2 MB', '3.00 GB']);
  });

  it('a use names its post and place', () => {
    expect(labelOfUse({ place: 'body', post: { id: A, title: 'Racks' } })).toBe('Racks (in the text)');
    expect(labelOfUse({ place: 'featured', post: { id: A, title: 'Racks' } })).toBe('Racks (featured image)');
    expect(labelOfUse({ place: 'settings', post: null })).toBe('Site settings');
  });

  it('the filter is "unused" or everything, and a view is a link', () => {
    expect([mediaFilter('unused'), mediaFilter('all'), mediaFilter('anything'), mediaFilter(undefined)]).toEqual(['unused', 'all', 'all', 'all']);
    expect(mediaQueryString({ show: 'unused', cursor: 'abc.def' })).toBe('?show=unused&cursor=abc.def');
    expect(mediaQueryString({ show: 'all' })).toBe('');
  });
});
