import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/blog/sanitize-html.ts';
import { runsFor } from '../helpers/property-payloads.ts';
import { XSS_VECTORS, markupProblems } from '../helpers/xss.ts';

// Pure and in-process: no database, so the full PROPERTY_RUNS (the SQLite count) of generated markup.
describe('sanitiser against XSS', () => {
  it('nothing executable survives generated markup: the vectors, hostile tags, attributes and URLs, mixed', () => {
    const attribute = fc.tuple(
      fc.constantFrom('href', 'src', 'onerror', 'onclick', 'style', 'class', 'srcset', 'formaction', 'xlink:href', 'title', 'alt'),
      fc.constantFrom(
        'javascript:alert(1)',
        ' JaVa\tScRiPt:alert(1)',
        '&#106;avascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        '//evil.example/x.js',
        'https://ok.example/a.png',
        '/images/ok.svg',
        '/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.png',
        '/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.png 1w, https://evil.example/x.png 2w',
        'x" onerror="alert(1)',
        'language-js',
      ),
    );
    const element = fc
      .tuple(
        fc.constantFrom('a', 'img', 'p', 'iframe', 'svg', 'math', 'form', 'object', 'embed', 'style', 'script', 'div', 'code', 'table'),
        fc.array(attribute, { maxLength: 3 }),
        fc.string({ maxLength: 12 }),
      )
      .map(([tag, attrs, text]) => `<${tag} ${attrs.map(([name, value]) => `${name}="${value}"`).join(' ')}>${text}</${tag}>`);
    const markup = fc.array(fc.oneof(fc.constantFrom(...XSS_VECTORS), element, fc.string({ maxLength: 20 })), { maxLength: 6 });
    fc.assert(
      fc.property(markup, (parts) => {
        expect(markupProblems(sanitizeHtml(parts.join('')))).toEqual([]);
      }),
      { numRuns: runsFor('sqlite') },
    );
  });
});
