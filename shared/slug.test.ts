import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Zero Trust: for Small Business!  ', 'zero-trust-for-small-business'],
    ['What "99.9% uptime" really means', 'what-99-9-uptime-really-means'],
    ['--Already--hyphenated--', 'already-hyphenated'],
    ['Café & Crème', 'caf-cr-me'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
