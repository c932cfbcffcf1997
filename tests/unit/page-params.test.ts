import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../server/http/page-cache.ts';
import { PAGE_PARAMS } from '../../server/http/page-params.ts';

/** Public pages the page cache never stores (server/app.ts leaves their paths out): they may read any parameter. */
const NEVER_STORED = new Set([join('pages/(site)', 'preview')]);

/** Every `search.<name>` a public page's code reads (a method call such as `search.set(` is not a read). */
function paramsReadByPublicPages(dir = 'pages/(site)'): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (NEVER_STORED.has(path)) continue;
    if (entry.isDirectory()) for (const name of paramsReadByPublicPages(path)) found.add(name);
    else if (/\.tsx?$/.test(entry.name))
      for (const m of readFileSync(path, 'utf8').matchAll(/\bsearch\.([a-z]\w*)\b(?!\s*\()/g)) found.add(m[1]!);
  }
  return found;
}

describe('the page cache key', () => {
  it('lists exactly the query parameters the public pages read', () => {
    expect([...paramsReadByPublicPages()].sort()).toEqual([...PAGE_PARAMS].sort());
  });

  it.each([
    ['/', '/'],
    ['/?utm_source=newsletter&utm_campaign=spring', '/'],
    ['/blog?fbclid=abc&page=2&gclid=x', '/blog?page=2'],
    ['/blog?q=backup+plan&utm_medium=email', '/blog?q=backup+plan'],
    ['/services?service=web-hosting&category=web', '/services?category=web&service=web-hosting'],
    ['/services?category=web&service=web-hosting', '/services?category=web&service=web-hosting'],
    ['/quote?step=2&service=cloud&x=1', '/quote?service=cloud&step=2'],
    ['/rss.xml?anything', '/rss.xml'],
  ])('%s is stored as %s', (url, key) => {
    expect(pageCacheKey(url, PAGE_PARAMS)).toBe(key);
  });
});
