import { describe, expect, it } from 'vitest';
import { SegmentedLru } from './segmented-lru.ts';

const page = (bytes = 10) => ({ bytes });

describe('segmented LRU', () => {
  it('holds at most maxEntries, dropping the least recently used', () => {
    const lru = new SegmentedLru<{ bytes: number }>({ maxEntries: 3, maxBytes: 1000 });
    for (const key of ['a', 'b', 'c']) lru.set(key, page());
    lru.get('a');
    lru.set('d', page());
    expect(lru.size).toBe(3);
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('b')).toBeUndefined();
  });

  it('holds at most maxBytes, and keeps nothing larger than a quarter of them', () => {
    const lru = new SegmentedLru<{ bytes: number }>({ maxEntries: 100, maxBytes: 100 });
    for (let i = 0; i < 20; i += 1) lru.set(`k${i}`, page(20));
    expect(lru.bytes).toBeLessThanOrEqual(100);
    expect(lru.size).toBe(5);
    lru.set('huge', page(26));
    expect(lru.get('huge')).toBeUndefined();
  });

  it('a crawl of one-off keys does not push out entries that were read again', () => {
    const lru = new SegmentedLru<{ bytes: number }>({ maxEntries: 10, maxBytes: 10_000 });
    for (const key of ['home', 'blog', 'contact']) {
      lru.set(key, page());
      lru.get(key);
    }
    for (let i = 0; i < 1000; i += 1) lru.set(`/blog?q=${i}`, page());
    for (const key of ['home', 'blog', 'contact']) expect(lru.get(key), key).toBeDefined();
    expect(lru.size).toBe(10);
  });

  it('counts bytes back when entries are replaced, deleted or cleared', () => {
    const lru = new SegmentedLru<{ bytes: number }>({ maxEntries: 10, maxBytes: 1000 });
    lru.set('a', page(10));
    lru.set('a', page(30));
    lru.get('a');
    lru.set('b', page(5));
    expect(lru.bytes).toBe(35);
    lru.delete('a');
    expect(lru.bytes).toBe(5);
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});
